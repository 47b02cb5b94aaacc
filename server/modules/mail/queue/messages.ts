import type { Queryable } from '../../../db/db';
import { STALE_AFTER_SECONDS } from './recipients';

/** A one-off message to queue: `(kind, key)` makes it once. */
export interface OutgoingMessage {
  kind: string;
  key: string;
  to: string;
  /** Not sent before this instant (ISO 8601). */
  notBefore?: string;
  payload: Record<string, unknown>;
}

/** A queued message a worker has claimed. */
export interface ClaimedMessage {
  id: number;
  kind: string;
  key: string;
  to: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Queues messages; a message whose (kind, key) is already queued is left as it is. Answers how
 * many were new. Call it with the transaction's `tx` that records what causes the message, so
 * that both are recorded or neither.
 */
export async function enqueueMessages(db: Queryable, messages: OutgoingMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const inserted = await db.query(
    `INSERT INTO mail_message (kind, key, to_email, payload, next_attempt_at)
     SELECT kind, key, to_email, payload::jsonb, coalesce(not_before::timestamptz, now())
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(kind, key, to_email, payload, not_before)
     ON CONFLICT (kind, key) DO NOTHING
     RETURNING id`,
    [
      messages.map((m) => m.kind),
      messages.map((m) => m.key),
      messages.map((m) => m.to),
      messages.map((m) => JSON.stringify(m.payload ?? {})),
      messages.map((m) => m.notBefore ?? null),
    ],
  );
  return inserted.length;
}

const MARK_SENT = `UPDATE mail_message SET status = 'sent', claimed_by = NULL, last_error = NULL, sent_at = now()
  WHERE id = ANY($1::bigint[]) AND status = 'sending'`;

/**
 * Claims up to `limit` due messages and records as sent, in the same statement, the messages
 * `sentIds` the worker sent since (as recipients are claimed).
 */
export function claimMessages(db: Queryable, workerId: string, limit: number, sentIds: number[] = []): Promise<ClaimedMessage[]> {
  return db.query<ClaimedMessage>(
    `WITH sent AS (${MARK_SENT.replace('$1', '$3')}),
     picked AS (
       SELECT id FROM mail_message
       WHERE status = 'pending' AND next_attempt_at <= now()
       ORDER BY next_attempt_at, id
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     UPDATE mail_message m SET status = 'sending', claimed_by = $1
     FROM picked WHERE m.id = picked.id
     RETURNING m.id, m.kind, m.key, m.to_email AS "to", m.payload, m.attempts`,
    [workerId, limit, sentIds],
  );
}

export async function markMessagesSent(db: Queryable, ids: number[]): Promise<void> {
  await db.query(MARK_SENT, [ids]);
}

export async function markMessagesSkipped(db: Queryable, ids: number[]): Promise<void> {
  await db.query(
    `UPDATE mail_message SET status = 'skipped', claimed_by = NULL WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
    [ids],
  );
}

export async function markMessagesFailed(db: Queryable, ids: number[], reasons: string[]): Promise<void> {
  await db.query(
    `UPDATE mail_message m SET status = 'failed', claimed_by = NULL, last_error = x.reason
     FROM unnest($1::bigint[], $2::text[]) AS x(id, reason)
     WHERE m.id = x.id AND m.status = 'sending'`,
    [ids, reasons],
  );
}

/** Refused for now (4xx): the same backoff and attempt limit as recipients. */
export async function markMessagesRetry(
  db: Queryable,
  ids: number[],
  reasons: string[],
  policy: { maxAttempts: number; retryBaseMs: number; retryMaxMs: number },
): Promise<void> {
  await db.query(
    `UPDATE mail_message m SET
       attempts = m.attempts + 1,
       status = CASE WHEN m.attempts + 1 >= $3 THEN 'failed' ELSE 'pending' END,
       next_attempt_at = now() + least($4::float8 * power(2, m.attempts), $5::float8) * interval '1 millisecond',
       claimed_by = NULL, last_error = x.reason
     FROM unnest($1::bigint[], $2::text[]) AS x(id, reason)
     WHERE m.id = x.id AND m.status = 'sending'`,
    [ids, reasons, policy.maxAttempts, policy.retryBaseMs, policy.retryMaxMs],
  );
}

/** Gives messages back untouched: the mail service, not they, was the trouble. */
export async function releaseMessages(db: Queryable, ids: number[], reason: string | null): Promise<void> {
  await db.query(
    `UPDATE mail_message SET status = 'pending', claimed_by = NULL, last_error = coalesce($2, last_error)
     WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
    [ids, reason],
  );
}

export async function releaseWorkerMessages(db: Queryable, workerId: string): Promise<void> {
  await db.query(`UPDATE mail_message SET status = 'pending', claimed_by = NULL WHERE status = 'sending' AND claimed_by = $1`, [
    workerId,
  ]);
}

/** Frees the messages claimed by workers that stopped beating; answers how many. */
export async function reclaimStaleMessages(db: Queryable): Promise<number> {
  const freed = await db.query(
    `UPDATE mail_message m SET status = 'pending', claimed_by = NULL
     WHERE m.status = 'sending' AND NOT EXISTS (
       SELECT 1 FROM mail_worker w
       WHERE w.id = m.claimed_by AND w.heartbeat_at > now() - make_interval(secs => $1)
     )
     RETURNING m.id`,
    [STALE_AFTER_SECONDS],
  );
  return freed.length;
}
