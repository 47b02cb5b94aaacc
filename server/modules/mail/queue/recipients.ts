import type { Queryable } from '../../../db/db';
import { contactsToMail } from '../../lists/repository';

/** A recipient a worker has claimed: the contact as it is now, and its send. */
export interface Claimed {
  id: number;
  sendId: number;
  contactId: number;
  attempts: number;
  email: string;
  firstname: string;
  lastname: string;
  /** 0 when the contact unsubscribed after the send started: it is skipped. */
  actif: number;
}

/** A worker whose heartbeat is older than this is taken for dead, and its claims are freed. */
export const STALE_AFTER_SECONDS = 15;

const MARK_SENT = `UPDATE mail_recipient SET status = 'sent', claimed_by = NULL, last_error = NULL, updated_at = now(), sent_at = now()
  WHERE id = ANY($1::bigint[]) AND status = 'sending'`;

/**
 * Claims up to `limit` waiting recipients of running sends, and records as sent, in the same
 * statement, the recipients `sentIds` the worker sent since. `FOR UPDATE SKIP LOCKED` lets
 * workers of several processes claim at once without ever taking the same row.
 */
export function claim(db: Queryable, workerId: string, limit: number, sentIds: number[] = []): Promise<Claimed[]> {
  return db.query<Claimed>(
    `WITH sent AS (${MARK_SENT.replace('$1', '$3')}),
     picked AS (
       SELECT r.id FROM mail_recipient r
       WHERE r.status = 'pending' AND r.next_attempt_at <= now()
         AND r.send_id IN (SELECT id FROM mail_send WHERE status = 'running')
       ORDER BY r.send_id, r.id
       LIMIT $2
       FOR UPDATE OF r SKIP LOCKED
     )
     UPDATE mail_recipient r SET status = 'sending', claimed_by = $1, updated_at = now()
     FROM picked, ${contactsToMail} c
     WHERE r.id = picked.id AND c.id = r.contact_id
     RETURNING r.id, r.send_id AS "sendId", r.contact_id AS "contactId", r.attempts,
       c.email, c.firstname, c.lastname, c.actif`,
    [workerId, limit, sentIds],
  );
}

export async function markSent(db: Queryable, ids: number[]): Promise<void> {
  await db.query(MARK_SENT, [ids]);
}

export async function markSkipped(db: Queryable, ids: number[]): Promise<void> {
  await db.query(
    `UPDATE mail_recipient SET status = 'skipped', claimed_by = NULL, updated_at = now()
     WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
    [ids],
  );
}

export async function markFailed(db: Queryable, ids: number[], reasons: string[]): Promise<void> {
  await db.query(
    `UPDATE mail_recipient r SET status = 'failed', claimed_by = NULL, last_error = x.reason, updated_at = now()
     FROM unnest($1::bigint[], $2::text[]) AS x(id, reason)
     WHERE r.id = x.id AND r.status = 'sending'`,
    [ids, reasons],
  );
}

/**
 * The server refused these recipients for now (4xx): they wait `base × 2^attempts` (capped)
 * before another try, and fail for good after `maxAttempts` tries.
 */
export async function markRetry(
  db: Queryable,
  ids: number[],
  reasons: string[],
  policy: { maxAttempts: number; retryBaseMs: number; retryMaxMs: number },
): Promise<void> {
  await db.query(
    `UPDATE mail_recipient r SET
       attempts = r.attempts + 1,
       status = CASE WHEN r.attempts + 1 >= $3 THEN 'failed' ELSE 'pending' END,
       next_attempt_at = now() + least($4::float8 * power(2, r.attempts), $5::float8) * interval '1 millisecond',
       claimed_by = NULL, last_error = x.reason, updated_at = now()
     FROM unnest($1::bigint[], $2::text[]) AS x(id, reason)
     WHERE r.id = x.id AND r.status = 'sending'`,
    [ids, reasons, policy.maxAttempts, policy.retryBaseMs, policy.retryMaxMs],
  );
}

/** Gives recipients back to the queue untouched: the mail service, not they, was the trouble. */
export async function release(db: Queryable, ids: number[], reason: string | null): Promise<void> {
  await db.query(
    `UPDATE mail_recipient SET status = 'pending', claimed_by = NULL, last_error = coalesce($2, last_error), updated_at = now()
     WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
    [ids, reason],
  );
}

export async function releaseWorker(db: Queryable, workerId: string): Promise<void> {
  await db.query(
    `UPDATE mail_recipient SET status = 'pending', claimed_by = NULL, updated_at = now()
     WHERE status = 'sending' AND claimed_by = $1`,
    [workerId],
  );
  await db.query('DELETE FROM mail_worker WHERE id = $1', [workerId]);
}

/** Records that the worker is alive (and registers it again if it was taken for dead). */
export async function heartbeat(db: Queryable, workerId: string): Promise<void> {
  await db.query(`INSERT INTO mail_worker (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`, [
    workerId,
  ]);
}

/** Frees the claims of workers that stopped beating (a killed process); answers how many. */
export async function reclaimStale(db: Queryable): Promise<number> {
  const freed = await db.query(
    `UPDATE mail_recipient r SET status = 'pending', claimed_by = NULL, updated_at = now()
     WHERE r.status = 'sending' AND NOT EXISTS (
       SELECT 1 FROM mail_worker w
       WHERE w.id = r.claimed_by AND w.heartbeat_at > now() - make_interval(secs => $1)
     )
     RETURNING r.id`,
    [STALE_AFTER_SECONDS],
  );
  await db.query(`DELETE FROM mail_worker WHERE heartbeat_at < now() - interval '1 day'`);
  return freed.length;
}

/** Only this process can reach an embedded database: every other worker row is a dead one. */
export async function forgetOtherWorkers(db: Queryable, workerId: string): Promise<void> {
  await db.query('DELETE FROM mail_worker WHERE id <> $1', [workerId]);
}
