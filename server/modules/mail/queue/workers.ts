import type { Queryable } from '../../../db/db';

/** Records that the worker is alive (and registers it again if it was taken for dead). */
export async function heartbeat(db: Queryable, workerId: string): Promise<void> {
  await db.query(`INSERT INTO mail_worker (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`, [workerId]);
}

/** A stopped worker is no longer one. */
export async function forgetWorker(db: Queryable, workerId: string): Promise<void> {
  await db.query('DELETE FROM mail_worker WHERE id = $1', [workerId]);
}

/** Workers silent for a day are long gone: their rows go. */
export async function forgetLongDeadWorkers(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM mail_worker WHERE heartbeat_at < now() - interval '1 day'`);
}

/** Only this process can reach an embedded database: every other worker row is a dead one. */
export async function forgetOtherWorkers(db: Queryable, workerId: string): Promise<void> {
  await db.query('DELETE FROM mail_worker WHERE id <> $1', [workerId]);
}
