import { Readable } from 'node:stream';
import { csvFormat, DEFAULT_CSV_SEPARATOR, type CsvSeparator } from '../../../shared/csv';
import type { Queryable } from '../../../db/db';

/** A send's report beside its counters (docs/architecture.md, «Tracking and bounces»): the timeline and the links. */
export async function reportOf(db: Queryable, sendId: number) {
  const [sentPerMinute, opensPerHour, clicksPerHour, links] = await Promise.all([
    db.query<{ at: string; count: number }>(
      `SELECT date_trunc('minute', sent_at) AS at, count(*)::int AS count FROM mail_recipient
       WHERE send_id = $1 AND sent_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
      [sendId],
    ),
    db.query<{ at: string; count: number }>(
      `SELECT date_trunc('hour', opened_at) AS at, count(*)::int AS count FROM mail_recipient
       WHERE send_id = $1 AND opened_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
      [sendId],
    ),
    db.query<{ at: string; count: number }>(
      `SELECT date_trunc('hour', clicked_at) AS at, count(*)::int AS count FROM mail_recipient
       WHERE send_id = $1 AND clicked_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
      [sendId],
    ),
    db.query<{ url: string; clicks: number; contacts: number }>(
      `SELECT url, sum(clicks)::int AS clicks, count(*)::int AS contacts FROM mail_click
       WHERE send_id = $1 GROUP BY url ORDER BY contacts DESC, url LIMIT 500`,
      [sendId],
    ),
  ]);
  const [machine] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM mail_recipient WHERE send_id = $1 AND machine_open',
    [sendId],
  );
  const [amp] = await db.query<{ errors: { rule: string; line: number; column: number; message: string }[] | null }>(
    `SELECT content->'ampErrors' AS errors FROM mail_send WHERE id = $1`,
    [sendId],
  );
  return {
    timeline: { sentPerMinute, opensPerHour, clicksPerHour },
    links,
    machineOpened: machine.count,
    // The AMP part was not sent: each rule it breaks, and where.
    ampErrors: amp?.errors ?? [],
  };
}

const COLUMNS = [
  'email',
  'firstname',
  'lastname',
  'status',
  'sentAt',
  'reason',
  'bounce',
  'bounceStatus',
  'bounceReason',
  'openedAt',
  'lastOpenedAt',
  'opens',
  'machineOpen',
  'clickedAt',
  'clicks',
  'unsubscribedAt',
] as const;

const PAGE = 2000;

/** A value as its cell shows it: dates as ISO 8601, booleans and numbers as written. */
const cellOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Each contact's outcome in a send, as CSV, read page by page (keyset) so that a large send
 * streams; written by the product's CSV writer (shared/csv.ts: UTF-8 with BOM, `;` or `,`, no
 * cell a spreadsheet would run as a formula).
 */
export function outcomesCsv(db: Queryable, sendId: number, separator: CsvSeparator = DEFAULT_CSV_SEPARATOR): Readable {
  const csv = csvFormat(separator);
  async function* rows() {
    yield csv.header(COLUMNS);
    let after = 0;
    for (;;) {
      const page = await db.query<Record<string, unknown> & { id: number }>(
        `SELECT r.id, c.email, c.firstname, c.lastname, r.status, r.sent_at AS "sentAt", r.last_error AS reason,
           b.kind AS bounce, b.status AS "bounceStatus", b.diagnostic AS "bounceReason",
           r.opened_at AS "openedAt", r.last_opened_at AS "lastOpenedAt", r.opens, r.machine_open AS "machineOpen",
           r.clicked_at AS "clickedAt", r.clicks, r.unsubscribed_at AS "unsubscribedAt"
         FROM mail_recipient r JOIN grp_rcp c ON c.id = r.contact_id
         LEFT JOIN LATERAL (
           SELECT kind, status, diagnostic FROM mail_bounce m
           WHERE m.send_id = r.send_id AND m.contact_id = r.contact_id ORDER BY m.id DESC LIMIT 1
         ) b ON true
         WHERE r.send_id = $1 AND r.id > $2 ORDER BY r.id LIMIT $3`,
        [sendId, after, PAGE],
      );
      if (page.length === 0) return;
      yield csv.rows(page.map((row) => COLUMNS.map((column) => cellOf(row[column]))));
      after = Number(page[page.length - 1].id);
      if (page.length < PAGE) return;
    }
  }
  return Readable.from(rows());
}
