/**
 * Whether a statement may change data: anything but a plain SELECT (no row locks, no sequence
 * calls). Our SQL functions are all triggers, so a SELECT calls none that write.
 */
export function mayWrite(sql: string): boolean {
  return !/^\s*SELECT\b/i.test(sql) || /\bFOR\s+(UPDATE|SHARE|NO\s+KEY\s+UPDATE|KEY\s+SHARE)\b|\b(nextval|setval|pg_notify)\s*\(/i.test(sql);
}

/**
 * A number this process moves before it sends a statement that may write and after it is
 * answered (Db.dataVersion): a read that saw the same number before and after it ran overlapped
 * none of this process's writes.
 */
export function ownWrites() {
  let version = 0;
  const written = <T>(work: Promise<T>): Promise<T> => {
    version += 1;
    return work.finally(() => (version += 1));
  };
  return {
    version: () => version,
    /** Runs `work`, a transaction or a statement that may write, between two moves of the number. */
    written,
    /** `query` whose writing statements move the number. */
    tracked:
      <T>(query: (sql: string, params?: unknown[]) => Promise<T>) =>
      (sql: string, params?: unknown[]): Promise<T> =>
        mayWrite(sql) ? written(query(sql, params)) : query(sql, params),
  };
}
