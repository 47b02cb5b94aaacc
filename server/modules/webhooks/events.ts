import type { Queryable } from '../../db/db';

/** The events a webhook may listen to (issue 39), exactly as their payload's `type` writes them. */
export const WEBHOOK_EVENTS = [
  'contact.ajouté',
  'contact.confirmé',
  'contact.désabonné',
  'contact.rejeté',
  'envoi.terminé',
  'visiteur.abonné',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Queues an event for every active webhook listening to it. Call it with the transaction's `tx`
 * that records the fact, so that both are recorded or neither; it answers how many deliveries
 * were queued. Keep `data` minimal: ids, and an address only under the key `email` (what
 * `eraseWebhookData` finds). The contact events come from the consent log by themselves
 * (migration 2100_1): code that changes contacts calls nothing.
 */
export async function emitEvent(tx: Queryable, type: WebhookEvent, data: Record<string, unknown>): Promise<number> {
  const [row] = await tx.query<{ queued: number }>('SELECT webhook_emit($1, $2::jsonb) AS queued', [type, JSON.stringify(data)]);
  return Number(row?.queued ?? 0);
}

/**
 * The SQL expression that queues one event, for a caller that records the fact in a single
 * statement (`SELECT count(${emitEventSql(...)}) FROM done` after a data-modifying CTE). `type`
 * is one of `WEBHOOK_EVENTS`, written as a literal; `dataSql` is a jsonb expression.
 */
export function emitEventSql(type: WebhookEvent, dataSql: string): string {
  if (!WEBHOOK_EVENTS.includes(type)) throw new Error(`unknown webhook event: ${type}`);
  return `webhook_emit('${type}', ${dataSql})`;
}

/**
 * Erasure of a person: their address leaves the stored deliveries (delivered or not: a queued
 * one is dropped, as the fact it tells is being erased). Answers how many rows went.
 */
export async function eraseWebhookData(tx: Queryable, email: string): Promise<number> {
  const gone = await tx.query(`DELETE FROM webhook_delivery WHERE data ? 'email' AND data ->> 'email' = lower($1) RETURNING id`, [email]);
  return gone.length;
}
