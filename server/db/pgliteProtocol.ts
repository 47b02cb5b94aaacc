/** Messages between the server and the embedded database's thread (`pgliteWorker.ts`). */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'collect' }
  | { id: number; op: 'backup' }
  | { id: number; op: 'close' };

/** PostgreSQL's error fields (`code`, `constraint`, `detail`…) travel as plain data. */
export type WorkerError = Record<string, string | number> & { name: string; message: string };

/**
 * Id 0 answers the start: the database is open, or could not be. Id -1 (`ENGINE_LOST`) answers
 * no request: PostgreSQL PANICked in the thread's own work (a checkpoint).
 */
export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WorkerError };

export const ENGINE_LOST = -1;
