import { ownWrites } from './dataVersion';
import type { Db } from './types';

/** Called by an engine that is lost for good (PostgreSQL's PANIC), with the error that ended it. */
export type OnLost = (error: Error) => void;

/** The engine is starting again: the error handler answers 503. */
export class EngineRestarting extends Error {
  /** PostgreSQL's cannot_connect_now. */
  readonly code = '57P03';
  constructor() {
    super('the embedded database is starting again');
  }
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/**
 * The embedded engine behind a `Db` that outlives it. PGlite cannot go on after PostgreSQL's
 * PANIC (a WAL segment it could not write when the disk filled): the thread is ended and a
 * new one opens the same folder, where PostgreSQL replays its log up to the last commit.
 * Opening fails (in about a second) while the disk has no room for that: it is tried again,
 * waiting longer each time, so that a long full disk does not start a thread every second.
 * Meanwhile statements fail at once with `EngineRestarting` instead of waiting.
 */
export async function restartWhenLost(open: (onLost: OnLost) => Promise<Db>): Promise<Db> {
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  const reopen = () => {
    const timer = setTimeout(() => {
      if (closed) return;
      open(lost).then(
        (engine) => {
          retryMs = FIRST_RETRY_MS;
          if (closed) void engine.close();
          else current = engine;
        },
        () => {
          retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
          reopen();
        },
      );
    }, retryMs);
    timer.unref();
  };
  const lost: OnLost = () => {
    current = null;
    reopen();
  };
  let current: Db | null = await open(lost);
  const engine = async () => current ?? Promise.reject(new EngineRestarting());

  // One count of this process's writes across engines: a new engine's own would start again
  // from 0 and meet numbers that reads were cached under (readCache.ts).
  const writes = ownWrites();
  return {
    kind: 'pglite',
    query: writes.tracked(async (sql, params) => (await engine()).query(sql, params)),
    dataVersion: writes.version,
    queuedStatements: () => current?.queuedStatements?.() ?? 0,
    collectGarbage: async () => current?.collectGarbage?.(),
    backup: async () => {
      const db = await engine();
      if (!db.backup) throw new Error('this engine takes no backup');
      return db.backup();
    },
    transaction: (work) => writes.written(engine().then((db) => db.transaction(work))),
    close: async () => {
      closed = true;
      await current?.close();
    },
  };
}
