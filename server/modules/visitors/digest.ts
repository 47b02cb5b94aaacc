import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/db';
import { enqueueMessages, type OutgoingMessage } from '../mail/queue';

/**
 * The digest of new videos by e-mail (issue 24). A tick (every minute, and right after an
 * address is confirmed or the settings change) queues, for each visitor whose chosen hour it
 * is in TIMEZONE (and, weekly, whose day it is: Monday), one message keyed
 * `visitor-{id}-digest-{period}` — `enqueueMessages` inserts it once whatever processes tick —
 * when videos came since their last digest. The videos a digest holds are those the feeds
 * brought (`video.created`) after the last one's, up to the newest it held: the mark is in the
 * database's time, so an injected clock only says which hour and day it is.
 */
export const DIGEST_KIND = 'visiteur-resume';

/** At most this many videos a digest shows; the rest wait on the product's page. */
export const DIGEST_MAX_VIDEOS = 30;

/** Monday: the day a weekly digest goes. */
const WEEKLY_DAY = 1;

/** The digests of one batch are queued together. */
const BATCH = 1000;

interface LocalTime {
  hour: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  date: string;
  /** ISO week, e.g. 2026-W48. */
  week: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The hour, day and date of `now` in `timezone`. */
export function localTime(now: Date, timezone: string): LocalTime {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23', weekday: 'short' });
    formatters.set(timezone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday) + 1;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  // ISO week of the local date: the Thursday of its week names the year.
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const weekNumber = Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return { hour: Number(parts.hour), weekday, date, week: `${day.getUTCFullYear()}-W${String(weekNumber).padStart(2, '0')}` };
}

interface Due {
  id: number;
  email: string;
  digest: 'quotidien' | 'hebdomadaire';
  since: string;
  until: string;
  count: number;
  videos: string[];
}

/**
 * Queues the digests due at `now`; answers how many were new. The newest video a digest holds
 * becomes the visitor's mark in the same transaction, and only for the messages this call
 * inserted: a process that lost the race to another changes nothing.
 */
export async function queueDueDigests(db: Db, now: Date, timezone: string): Promise<number> {
  const local = localTime(now, timezone);
  const due = await db.query<Due>(
    // The marks go out as text: a timestamptz read into JavaScript loses its microseconds, and
    // a mark rounded down would hold its newest video back in the next digest (PostgreSQL).
    `SELECT d.id, d.email, d.digest, d.since::text AS since, max(vi.created)::text AS until, count(*)::int AS count,
            (array_agg(vi.id ORDER BY vi.published DESC, vi.id))[1:${DIGEST_MAX_VIDEOS}] AS videos
     FROM (SELECT v.id, v.email, v.digest, coalesce(v.digest_sent_until, v.email_confirmed_at) AS since
           FROM visitor v
           WHERE v.email_confirmed_at IS NOT NULL AND v.digest_hour = $1
             AND (v.digest = 'quotidien' OR (v.digest = 'hebdomadaire' AND $2))) d
     JOIN creator_list l ON l.visitor_id = d.id
     JOIN creator_list_channel lc ON lc.list_id = l.id
     JOIN video vi ON vi.channel_id = lc.channel_id AND vi.created > d.since
     WHERE NOT EXISTS (SELECT 1 FROM visitor_video vv WHERE vv.visitor_id = d.id AND vv.video_id = vi.id AND (vv.etat = 'masquée' OR vv.seen_at IS NOT NULL))
     GROUP BY d.id, d.email, d.digest, d.since
     ORDER BY d.id`,
    [local.hour, local.weekday === WEEKLY_DAY],
  );
  let queued = 0;
  for (let start = 0; start < due.length; start += BATCH) {
    const batch = due.slice(start, start + BATCH);
    const messages: OutgoingMessage[] = batch.map((visitor) => ({
      kind: DIGEST_KIND,
      key: `visitor-${visitor.id}-digest-${visitor.digest === 'quotidien' ? local.date : local.week}`,
      to: visitor.email,
      // The videos go in the payload, newest first: composing reads them by id, not the join again.
      payload: { visitorId: visitor.id, since: visitor.since, until: visitor.until, count: visitor.count, videos: visitor.videos },
    }));
    queued += await db.transaction(async (tx) => {
      const inserted = await enqueueMessages(tx, messages);
      // Each visitor's mark becomes the newest video of this period's digest, whichever process
      // queued it; it only moves forward.
      await tx.query(
        `UPDATE visitor v SET digest_sent_until = (m.payload->>'until')::timestamptz
         FROM mail_message m
         WHERE m.kind = $1 AND m.key = ANY($2::text[]) AND v.id = (m.payload->>'visitorId')::int
           AND (v.digest_sent_until IS NULL OR v.digest_sent_until < (m.payload->>'until')::timestamptz)`,
        [DIGEST_KIND, messages.map((m) => m.key)],
      );
      return inserted;
    });
  }
  return queued;
}

/** The signed token of a digest's one-click unsubscribe: `{visitorId}.{mac}`. */
export function unsubscribeToken(secret: string, visitorId: number): string {
  return `${visitorId}.${createHmac('sha256', secret).update(`visitor-digest-unsubscribe:${visitorId}`).digest('base64url')}`;
}

export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(unsubscribeToken(secret, Number(match[1])));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(match[1]) : null;
}

export interface DigestScheduler {
  tick(): void;
  stop(): Promise<void>;
}

/**
 * Queues due digests every minute (and when kicked); `now` is the clock, injected by tests.
 * Several processes may tick at once: the message keys make each digest once.
 */
export function startDigests(db: Db, timezone: string, log: { warn(details: object, message: string): void }, now: () => Date = () => new Date(), intervalMs = 60_000): DigestScheduler {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = queueDueDigests(db, now(), timezone)
      .catch((error: Error) => log.warn({ error: error.message }, 'digests could not be queued'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
