import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { ReportSummary } from './summary';

/** `R-` and 6 characters without the ones read alike (0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const newReference = () => `R-${Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export interface NewReport extends ReportSummary {
  sizeBytes: number;
  senderId: number | null;
}

/** Records a report's row under a new reference (another is drawn in the rare case it is taken). */
export async function insertReport(db: Queryable, report: NewReport): Promise<{ id: number; reference: string }> {
  for (;;) {
    const [row] = await db.query<{ id: number; reference: string }>(
      `INSERT INTO bug_report (reference, description, route, version, commit, user_agent, has_errors, request_ids, size_bytes, sender_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (reference) DO NOTHING
       RETURNING id, reference`,
      [
        newReference(),
        report.description,
        report.route,
        report.version,
        report.commit,
        report.userAgent,
        report.hasErrors,
        JSON.stringify(report.requestIds),
        report.sizeBytes,
        report.senderId,
      ],
    );
    if (row) return row;
  }
}

export async function reportRequestIds(db: Queryable, id: number): Promise<string[] | null> {
  const [row] = await db.query<{ request_ids: string[] }>('SELECT request_ids FROM bug_report WHERE id = $1', [id]);
  return row ? row.request_ids : null;
}

export async function deleteReport(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM bug_report WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** Removes the reports older than `days` and answers their ids (their files go next). */
export async function deleteReportsOlderThan(db: Queryable, days: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`DELETE FROM bug_report WHERE created < now() - make_interval(days => $1) RETURNING id`, [days]);
  return rows.map((row) => row.id);
}

/** The build a report was recorded by (`undefined`: no such report). */
export async function reportCommit(db: Queryable, id: number): Promise<string | null | undefined> {
  const [row] = await db.query<{ commit: string | null }>('SELECT commit FROM bug_report WHERE id = $1', [id]);
  return row ? row.commit : undefined;
}
