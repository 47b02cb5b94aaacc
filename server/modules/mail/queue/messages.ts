import type { Queryable } from '../../../db/db';
import type { ClaimedMessage } from '../claimedRows';
import { rowQueue } from './rows';

/** A one-off message to queue: `(kind, key)` makes it once. */
export interface OutgoingMessage {
  kind: string;
  key: string;
  to: string;
  /** Not sent before this instant (ISO 8601). */
  notBefore?: string;
  payload: Record<string, unknown>;
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

/**
 * The statement that queues the messages a query makes, for a caller that must queue them in
 * the very statement that records what causes them (a data-modifying CTE: one statement is one
 * transaction on both engines). `select` answers kind, key, to_email and payload (jsonb) in
 * that order; a message whose (kind, key) is queued already is left as it is; `returning`
 * names what the caller reads of the new ones.
 */
export function enqueueMessagesStatement({ select, returning }: { select: string; returning: string }): string {
  return `INSERT INTO mail_message (kind, key, to_email, payload)
  ${select}
  ON CONFLICT (kind, key) DO NOTHING
  RETURNING ${returning}`;
}

/** The queued one-off messages: a row queue. */
export const messageRows = rowQueue({ table: 'mail_message', alias: 'm', touch: '' });

/**
 * Claims up to `limit` due messages, oldest due first, and records as sent, in the same
 * statement, the messages `sentIds` the worker sent since (as recipients are claimed).
 */
export function claimMessages(db: Queryable, workerId: string, limit: number, sentIds: number[] = []): Promise<ClaimedMessage[]> {
  return messageRows.claim<ClaimedMessage>(
    db,
    { due: '', order: 'next_attempt_at, id', join: '', returning: 'm.id, m.kind, m.key, m.to_email AS "to", m.payload, m.attempts' },
    workerId,
    limit,
    sentIds,
  );
}
