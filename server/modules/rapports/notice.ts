import type { Db, Queryable } from '../../db/db';
import { enqueueMessagesStatement } from '../mail';

/**
 * Admins are told of new reports by e-mail (docs/qa-traces.md, «2d. The admins are told»): a
 * new report is mailed at once when no message went out in the last hour; those that follow wait
 * for the next message, an hour after the last at the earliest, which lists them all.
 */
export const RAPPORTS_NOTICE_KIND = 'rapports-nouveaux';

/** Between two messages, at least this long. */
export const NOTICE_GAP_MS = 60 * 60 * 1000;

/** A message lists at most this many reports (the oldest waiting first) and counts the rest. */
export const NOTICE_MAX_LISTED = 50;

const ADMIN = `roles @> '["ROLE_ADMIN"]'::jsonb`;

/**
 * One statement, so one transaction on both engines: the gate (the one row of
 * `bug_report_notice`) moves to `$1` when the last message is an hour old or more, reports are
 * waiting and an admin exists; then the waiting reports are marked `notified_at` and a message
 * is queued for each admin, keyed by the gate's time. Processes that tick at once queue it once:
 * the gate's row is locked by the first, and the others, read again after it commits, find the
 * last message too recent (PostgreSQL's read committed re-checks an UPDATE's condition).
 */
const QUEUE_NOTICE = `
WITH gate AS (
  UPDATE bug_report_notice SET last_at = $1::timestamptz
  WHERE (last_at IS NULL OR last_at <= $1::timestamptz - make_interval(secs => $2::int))
    AND EXISTS (SELECT 1 FROM bug_report WHERE notified_at IS NULL)
    AND EXISTS (SELECT 1 FROM app_user WHERE ${ADMIN})
  RETURNING last_at
), waiting AS (
  SELECT r.id, r.created FROM bug_report r WHERE r.notified_at IS NULL AND EXISTS (SELECT 1 FROM gate)
), marked AS (
  UPDATE bug_report r SET notified_at = $1::timestamptz FROM waiting WHERE r.id = waiting.id RETURNING r.id
), queued AS (
  ${enqueueMessagesStatement({
    select: `SELECT $3::text, 'rapports-' || (extract(epoch FROM gate.last_at) * 1000)::bigint || '-admin-' || u.id, u.email,
         jsonb_build_object(
           'reports', (SELECT jsonb_agg(l.id ORDER BY l.created, l.id) FROM (SELECT id, created FROM waiting ORDER BY created, id LIMIT $4::int) l),
           'total', (SELECT count(*)::int FROM waiting))
  FROM gate CROSS JOIN app_user u WHERE u.${ADMIN} ORDER BY u.id`,
    returning: 'id',
  })}
)
SELECT (SELECT count(*)::int FROM marked) AS reports, (SELECT count(*)::int FROM queued) AS messages`;

/** Queues the admins' message about the reports waiting, when one may go at `now`; answers how many reports it lists. */
export async function queueReportNotice(db: Queryable, now: Date): Promise<{ reports: number; messages: number }> {
  const [row] = await db.query<{ reports: number; messages: number }>(QUEUE_NOTICE, [
    now.toISOString(),
    NOTICE_GAP_MS / 1000,
    RAPPORTS_NOTICE_KIND,
    NOTICE_MAX_LISTED,
  ]);
  return row;
}

export interface ReportNotices {
  /** Checks now (a report was just taken); a check under way runs once more after it. */
  tick(): void;
  stop(): Promise<void>;
}

/**
 * Checks every minute (and when kicked) whether the admins' message may go; `now` is the clock,
 * injected by tests. Several processes may check at once: the gate makes one message.
 */
export function startReportNotices(
  db: Db,
  log: { warn(details: object, message: string): void },
  now: () => Date = () => new Date(),
  intervalMs = 60_000,
): ReportNotices {
  let running: Promise<unknown> | null = null;
  let again = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = queueReportNotice(db, now())
      .catch((error: Error) => log.warn({ error: error.message }, 'the reports notice could not be queued'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      again = false;
      while (running) await running;
    },
  };
}
