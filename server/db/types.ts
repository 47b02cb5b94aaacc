/**
 * The database's types: a leaf that db.ts and the engines it opens (pgliteThread.ts,
 * tableChanges.ts) import, so that none of them imports another back.
 */

export type Row = Record<string, unknown>;

export interface Migration {
  /** Sortable and unique: the order in which migrations run. */
  id: string;
  sql: string;
}

/** What repositories need: run one statement. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The database: PGlite embedded by default, PostgreSQL when DATABASE_URL is set. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * A number that moves before and after every statement that may have changed `table`, or
   * undefined where that cannot be known: a read that saw the same number before and after it
   * ran can be reused until the number moves (readCache.ts). On the embedded engine this
   * process is the only writer and its own writes tell it all. On PostgreSQL the tables'
   * notifications tell the other processes' writes (tableChanges.ts).
   */
  readonly dataVersion?: (table: string) => number | undefined;
  /**
   * Embedded engine only: how many statements so far were sent while another was being
   * answered, and so waited behind it (the engine runs one at a time). A bulk write compares it
   * before and after a statement of its own to learn whether others wait (statementRows.ts).
   * Undefined on PostgreSQL, where a statement on another connection waits for nobody's.
   */
  readonly queuedStatements?: () => number;
  /**
   * Embedded engine only: a full collection of the database thread's JavaScript heap, which
   * an import's batches leave full of garbage that its small young generation promoted
   * (startup/idleMemory.ts asks once the server is quiet).
   */
  readonly collectGarbage?: () => Promise<void>;
  /**
   * Embedded engine only: a consistent copy of the whole database, as a gzip tar that PGlite
   * loads back (`npm run restore`), taken while the server runs (pgliteBackup.ts).
   */
  readonly backup?: () => Promise<Uint8Array>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
