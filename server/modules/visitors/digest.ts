import type { Db } from '../../db/db';
import { enqueueMessagesStatement } from '../mail';
import { passesFiltersSql } from './feedFilters';

/**
 * The digest of new videos by e-mail (issue 24). A tick (every minute, and right after an
 * address is confirmed or the settings change) queues, for each visitor whose chosen hour it
 * is in TIMEZONE (and, weekly, whose day it is: Monday), one message keyed
 * `visitor-{id}-digest-{period}` — inserted `ON CONFLICT DO NOTHING`: once whatever processes tick —
 * when videos came since their last digest. The videos a digest holds are those the feeds
 * brought (`video.created`) after the last one's, up to the newest it held: the mark is in the
 * database's time, so an injected clock only says which hour and day it is.
 */
export const DIGEST_KIND = 'visiteur-resume';

/** At most this many videos a digest shows; the rest wait on the product's page. */
export const DIGEST_MAX_VIDEOS = 30;

/** Monday: the day a weekly digest goes. */
const WEEKLY_DAY = 1;

/**
 * Due visitors a statement of the tick handles: one statement gathers their new videos, queues
 * their digests and moves their marks. Kept small so that each statement is short (the embedded
 * database runs one statement at a time, health checks included) and the worker starts sending
 * the first digests while the tick queues the next.
 */
export const DIGEST_PAGE = 50;

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

/**
 * One page of the tick, one statement: the next `DIGEST_PAGE` due visitors after `$5` (by id),
 * the videos the feeds brought them since their mark (less those they hid or watched), their
 * digest queued, keyed `visitor-{id}-digest-{period}` (`ON CONFLICT DO NOTHING`: once whatever
 * processes tick), and the mark moved to the newest video it holds, for the rows this statement
 * inserted only (a process that lost the race changes nothing). One statement is one
 * transaction on both engines: the message and its mark are recorded together or not at all.
 * The marks stay timestamptz in the database (a mark read into JavaScript would lose its
 * microseconds and hold its newest video back); the payload carries them as text.
 */
const QUEUE_PAGE = `
WITH page AS (
  SELECT v.id, v.email, v.digest, coalesce(greatest(v.digest_sent_until, v.digest_requested_at), v.email_confirmed_at) AS since
  FROM visitor v
  WHERE v.email_confirmed_at IS NOT NULL AND v.digest <> 'aucun' AND v.digest_hour = $1
    AND (v.digest = 'quotidien' OR (v.digest = 'hebdomadaire' AND $2::boolean)) AND v.id > $5::int
  ORDER BY v.id
  LIMIT $7::int
), due AS (
  SELECT d.id, d.email, d.digest, d.since, max(vi.created) AS until, count(*)::int AS count,
         (array_agg(vi.id ORDER BY vi.published DESC, vi.id))[1:${DIGEST_MAX_VIDEOS}] AS videos
  FROM page d
  JOIN creator_list l ON l.visitor_id = d.id
  JOIN creator_list_channel lc ON lc.list_id = l.id
  JOIN video vi ON vi.channel_id = lc.channel_id AND vi.created > d.since
  WHERE NOT EXISTS (SELECT 1 FROM visitor_video vv WHERE vv.visitor_id = d.id AND vv.video_id = vi.id AND (vv.etat = 'masquée' OR vv.seen_at IS NOT NULL))
    AND ${passesFiltersSql('d.id', 'vi')}
  GROUP BY d.id, d.email, d.digest, d.since
), queued AS (
  ${enqueueMessagesStatement({
    select: `SELECT $6::text, 'visitor-' || due.id || '-digest-' || CASE WHEN due.digest = 'quotidien' THEN $3::text ELSE $4::text END, due.email,
         jsonb_build_object('visitorId', due.id, 'since', due.since::text, 'until', due.until::text, 'count', due.count, 'videos', to_jsonb(due.videos))
  FROM due ORDER BY due.id`,
    returning: `(payload->>'visitorId')::int AS visitor_id`,
  })}
), marked AS (
  UPDATE visitor v SET digest_sent_until = due.until
  FROM queued JOIN due ON due.id = queued.visitor_id
  WHERE v.id = due.id AND (v.digest_sent_until IS NULL OR v.digest_sent_until < due.until)
  RETURNING v.id
)
SELECT (SELECT max(id) FROM page) AS last, (SELECT count(*)::int FROM queued) AS queued`;

/**
 * Queues the digests due at `now`, a page of due visitors a statement (other requests run
 * between them, and the worker sends the first pages' digests while the next are queued);
 * answers how many were new.
 */
export async function queueDueDigests(db: Db, now: Date, timezone: string): Promise<number> {
  const local = localTime(now, timezone);
  let queued = 0;
  for (let after = 0; ; ) {
    const [page] = await db.query<{ last: number | null; queued: number }>(QUEUE_PAGE, [
      local.hour,
      local.weekday === WEEKLY_DAY,
      local.date,
      local.week,
      after,
      DIGEST_KIND,
      DIGEST_PAGE,
    ]);
    if (page.last === null) return queued;
    queued += page.queued;
    after = page.last;
  }
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
