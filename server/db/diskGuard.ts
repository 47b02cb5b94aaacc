import { DiskFullError, type DiskWatch } from '../shared/diskSpace';
import { mayWrite } from './dataVersion';
import type { Db, Queryable } from './db';

/**
 * Writes that still run on a full disk: signing in and out (a session row, a failure count,
 * a few hundred bytes the reserve is kept for). Everything else waits for space.
 */
const WHILE_FULL = /^\s*(?:INSERT\s+INTO|DELETE\s+FROM)\s+(?:user_session|login_failure)\b/i;

/**
 * The database as the app sees it while the disk may fill: a write is refused with
 * `DiskFullError` (507) while `disk` is full, before it reaches the engine, and every failure
 * for lack of space is told to `disk`. Reads always pass. On the embedded engine this keeps
 * PostgreSQL from meeting a full disk mid-write, which loses the engine (pgliteRestart.ts).
 */
export function guardWrites(db: Db, disk: DiskWatch): Db {
  const told = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      disk.report(error);
      throw error;
    });
  const refuses = (sql: string) => disk.full && mayWrite(sql) && !WHILE_FULL.test(sql);
  const guarded = (on: Queryable): Queryable['query'] =>
    (sql, params) => (refuses(sql) ? Promise.reject(new DiskFullError()) : told(on.query(sql, params)));
  return {
    ...db,
    query: guarded(db),
    transaction: (work) => (disk.full ? Promise.reject(new DiskFullError()) : told(db.transaction((tx) => work({ query: guarded(tx) })))),
  };
}

class ProbeDone extends Error {}

/** A write of about 1 MiB to the database's disk, rolled back: it fails while that disk is full. */
export async function probeWrites(db: Db): Promise<void> {
  const probe = db.transaction(async (tx) => {
    await tx.query(`CREATE TEMP TABLE disk_probe ON COMMIT DROP AS SELECT repeat('x', 1024) AS filler FROM generate_series(1, 1024)`);
    throw new ProbeDone();
  });
  await probe.catch((error: unknown) => {
    if (!(error instanceof ProbeDone)) throw error;
  });
}
