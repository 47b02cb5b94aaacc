import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Db, Queryable } from '../../db/db';
import { checkWebhookUrl, type CheckedAddress } from './addressGuard';

/**
 * Seconds a failed delivery waits before its next try, after the 1st, 2nd… failure: the first
 * two retries come within 2 minutes (30 s, then 90 s), the last about 24 hours after the event.
 * After the last, the delivery is `failed` (an admin may send it again).
 */
export const RETRY_DELAYS_SECONDS = [30, 90, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 28_800];
/** A claim's lease: a worker that died holding a delivery frees it after this. */
const LEASE_SECONDS = 120;
const TIMEOUT_MS = 10_000;
/** The part of an answer's body kept for the console. */
const ANSWER_CHARS = 1000;

/** `X-TGM-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the webhook's secret>`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A delivery a worker claimed: its event and its webhook. */
interface ClaimedDelivery {
  id: number;
  eventId: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
}

/** The JSON body of a delivery: `{id, type, createdAt, data}`, the same on every try. */
export const deliveryBody = (d: Pick<ClaimedDelivery, 'eventId' | 'type' | 'createdAt' | 'data'>) =>
  JSON.stringify({ id: d.eventId, type: d.type, createdAt: new Date(d.createdAt).toISOString(), data: d.data });

/**
 * Claims up to `limit` due deliveries of active webhooks at `now`: pending ones whose time has
 * come, and claimed ones whose worker's lease ran out (it died). Rows others hold are skipped.
 */
async function claimDue(db: Queryable, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `WITH picked AS (
       SELECT d.id FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id AND w.active
       WHERE (d.status = 'pending' AND d.next_attempt_at <= $1::timestamptz)
          OR (d.status = 'sending' AND d.claimed_until <= $1::timestamptz)
       ORDER BY d.next_attempt_at, d.id
       LIMIT $2
       FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_delivery d
       SET status = 'sending', attempts = d.attempts + 1, claimed_until = $1::timestamptz + make_interval(secs => $3)
     FROM picked, webhook w
     WHERE d.id = picked.id AND w.id = d.webhook_id
     RETURNING d.id, d.event_id AS "eventId", d.type, d.created_at AS "createdAt", d.data, d.attempts, w.url, w.secret`,
    [now.toISOString(), limit, LEASE_SECONDS],
  );
}

interface Outcome {
  status: number | null;
  answer: string | null;
  error: string | null;
}

/** POSTs the body to the URL, connecting to the checked address only. */
function post(url: URL, address: CheckedAddress, body: string, headers: Record<string, string>): Promise<Outcome> {
  const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        timeout: TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'TGM-Webhooks/1', ...headers },
      },
      (response) => {
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (answer.length < ANSWER_CHARS) answer += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? null, answer: answer.slice(0, ANSWER_CHARS), error: null }));
        response.on('error', (error) => resolve({ status: response.statusCode ?? null, answer: answer.slice(0, ANSWER_CHARS), error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`pas de réponse en ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ status: null, answer: null, error: error.message.slice(0, 300) }));
    request.end(body);
  });
}

/** Tries one claimed delivery: checks its URL again (DNS included), signs, posts, records. */
async function deliverOne(db: Queryable, delivery: ClaimedDelivery, now: Date, allowPrivate: boolean): Promise<boolean> {
  let outcome: Outcome;
  try {
    const { url, address } = await checkWebhookUrl(delivery.url, allowPrivate);
    const body = deliveryBody(delivery);
    const t = Math.floor(now.getTime() / 1000);
    outcome = await post(url, address, body, { 'x-tgm-signature': signatureHeader(delivery.secret, body, t), 'x-tgm-event': delivery.type });
  } catch (error) {
    outcome = { status: null, answer: null, error: (error as Error).message };
  }
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const delay = RETRY_DELAYS_SECONDS[delivery.attempts - 1];
  // The row changes only if this worker still holds this try (a lease that ran out is another's).
  await db.query(
    `UPDATE webhook_delivery SET
       status = CASE WHEN $2::boolean THEN 'delivered' WHEN $3::int IS NULL THEN 'failed' ELSE 'pending' END,
       next_attempt_at = CASE WHEN $2::boolean OR $3::int IS NULL THEN next_attempt_at ELSE $4::timestamptz + make_interval(secs => $3::int) END,
       delivered_at = CASE WHEN $2::boolean THEN $4::timestamptz END,
       claimed_until = NULL, last_attempt_at = $4::timestamptz, last_status = $5, last_answer = $6, last_error = $7
     WHERE id = $1 AND status = 'sending' AND attempts = $8`,
    [delivery.id, delivered, delay ?? null, now.toISOString(), outcome.status, outcome.answer, outcome.error, delivery.attempts],
  );
  return delivered;
}

/**
 * One pass of a worker at `now` (the clock, injected by tests): claims the due deliveries a
 * page at a time and tries them, a few at once. Answers how many were tried.
 */
export async function deliverDue(db: Db, { now = new Date(), allowPrivate, limit = 20 }: { now?: Date; allowPrivate: boolean; limit?: number }): Promise<number> {
  let tried = 0;
  for (;;) {
    const claimed = await claimDue(db, now, limit);
    if (claimed.length === 0) return tried;
    await Promise.all(claimed.map((delivery) => deliverOne(db, delivery, now, allowPrivate)));
    tried += claimed.length;
    if (claimed.length < limit) return tried;
  }
}

/** Days a delivered or abandoned delivery stays for the console; then it goes. */
export const KEEP_DELIVERIES_DAYS = 30;
const PURGE_EVERY_MS = 3_600_000;

/** Removes the deliveries done (delivered or abandoned) more than KEEP_DELIVERIES_DAYS ago; answers how many. */
export async function purgeOldDeliveries(db: Queryable): Promise<number> {
  const gone = await db.query(
    `DELETE FROM webhook_delivery WHERE status IN ('delivered', 'failed') AND created_at < now() - make_interval(days => $1) RETURNING id`,
    [KEEP_DELIVERIES_DAYS],
  );
  return gone.length;
}

export interface WebhookWorker {
  /** Look at the queue now (an event was queued) rather than at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

/** Delivers due webhooks every `everyMs` (and when woken), on the wall clock. */
export function startWebhookWorker(
  db: Db,
  { allowPrivate, log, everyMs = 2000 }: { allowPrivate: boolean; log: { warn(details: object, message: string): void }; everyMs?: number },
): WebhookWorker {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let purgedAt = 0;
  const tick = () => {
    if (running || stopped) return;
    const purge = Date.now() - purgedAt >= PURGE_EVERY_MS;
    if (purge) purgedAt = Date.now();
    running = (purge ? purgeOldDeliveries(db) : Promise.resolve(0))
      .then(() => deliverDue(db, { allowPrivate }))
      .catch((error) => log.warn({ err: (error as Error).message }, 'webhook deliveries failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
