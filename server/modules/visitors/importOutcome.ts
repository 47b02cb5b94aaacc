import type { Queryable } from '../../db/db';
import { FAILURE_MEMORY_MINUTES } from '../feeds';
import type { ImportReport } from './importReport';

/** The message of a channel whose feed YouTube failed to give. */
export const FEED_FAILED_MESSAGE = "YouTube n'a pas pu être joint pour lire cette chaîne ; elle sera relue plus tard.";

/** Records what an import answered, on the import's own row. */
export async function recordImportReport(db: Queryable, importId: number, report: ImportReport): Promise<void> {
  await db.query('UPDATE visitor_import SET report = $2 WHERE id = $1', [importId, JSON.stringify(report)]);
}

interface ChannelNow {
  youtubeId: string;
  pending: boolean;
  missing: boolean;
  failedLately: boolean;
}

/**
 * What the visitor's latest import became (issue 42): an import answers before the feeds of the
 * channels it recorded are read (feeds/pending.ts), so its answer lists them all as followed.
 * Read again now, each of those channels is followed (its feed was read), unknown (YouTube does
 * not know it: it left the list), failed (YouTube failed to give it: read again later) or still
 * pending. Null before any import.
 */
export async function lastImportOf(db: Queryable, visitorId: number): Promise<(ImportReport & { at: string }) | null> {
  const [row] = await db.query<{ report: ImportReport; at: Date }>(
    'SELECT report, at FROM visitor_import WHERE visitor_id = $1 AND report IS NOT NULL ORDER BY at DESC, id DESC LIMIT 1',
    [visitorId],
  );
  if (!row) return null;
  const { report } = row;
  const at = new Date(row.at).toISOString();
  if (report.pending.length === 0) return { ...report, at };
  const states = await db.query<ChannelNow>(
    `SELECT youtube_id AS "youtubeId", feed_pending AS pending, feed_missing AS missing,
            (feed_failed_at IS NOT NULL AND feed_failed_at > now() - make_interval(mins => ${FAILURE_MEMORY_MINUTES})
              AND (feed_ok_at IS NULL OR feed_ok_at < feed_failed_at)) AS "failedLately"
     FROM channel WHERE youtube_id = ANY($1::text[])`,
    [report.pending.map((channel) => channel.id)],
  );
  const now = new Map(states.map((state) => [state.youtubeId, state]));
  const outcome: ImportReport & { at: string } = { ...report, followed: [], unknown: [...report.unknown], failed: [...report.failed], pending: [], at };
  const pendingIds = new Set(report.pending.map((channel) => channel.id));
  for (const channel of report.followed) {
    const state = pendingIds.has(channel.id) ? now.get(channel.id) : undefined;
    if (!state) outcome.followed.push(channel);
    else if (state.missing) outcome.unknown.push({ name: channel.name, source: channel.id });
    else if (state.failedLately) outcome.failed.push({ id: channel.id, name: channel.name, message: FEED_FAILED_MESSAGE });
    else {
      outcome.followed.push(channel);
      if (state.pending) outcome.pending.push(channel);
    }
  }
  return outcome;
}
