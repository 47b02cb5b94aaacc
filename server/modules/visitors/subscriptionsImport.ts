import type { Db } from '../../db/db';
import { ROWS_PER_STATEMENT } from '../../db/statementRows';
import { HttpError } from '../../shared/errors';
import { FAILURE_MEMORY_MINUTES } from '../feeds';
import { FEED_FAILED_MESSAGE, recordImportReport } from './importOutcome';
import { addVideoStates } from './personal';
import type { ImportReport } from './importReport';
import type { SubscriptionFile } from './subscriptionFormats';
import { emitEventSql } from '../webhooks';

export type { ImportedChannel, ImportReport } from './importReport';

/** The webhook event of a channel `c` the visitor `$3` now follows in their list `$1` (docs/architecture.md, «Webhooks»). */
const FOLLOWED_EVENT = emitEventSql('visiteur.abonné', `jsonb_build_object('visitorId', $3::int, 'listId', $1::int, 'channelId', c.youtube_id)`);

/** Imports a visitor may make in an hour: a phone and a computer, a few tries each. */
export const IMPORTS_PER_HOUR = 10;

interface ChannelState {
  id: number;
  youtubeId: string;
  name: string;
  pending: boolean;
  missing: boolean;
  /** A failure within FAILURE_MEMORY_MINUTES. */
  failedLately: boolean;
  followed: boolean;
}

/** `items` in slices of at most `size`. */
const slices = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Records a parsed file at once: channels we never met are created as `feed_pending` (their
 * feed is read in the background, feeds/pending.ts) and followed; groups, saved and hidden
 * videos are added to the visitor's. Nothing here asks YouTube anything.
 *
 * In short statements of at most ROWS_PER_STATEMENT rows, not one transaction: the embedded
 * database is one connection, and a 2 MiB file's thousands of rows in one transaction held
 * every other request (even `/api/health`) for most of a second (bench/subscriptionsImport).
 * Every step is idempotent (a conflict leaves what is there), so an import cut short by a
 * failure is completed by importing the same file again.
 */
export async function importSubscriptions(db: Db, visitorId: number, listId: number, file: SubscriptionFile): Promise<ImportReport> {
  const report: ImportReport = {
    format: file.format,
    followed: [],
    alreadyFollowed: [],
    unknown: [],
    failed: [],
    pending: [],
    groupes: [],
    plusTard: 0,
    masquees: 0,
  };
  const names = new Map<string, string | null>();
  for (const entry of file.entries) {
    if (entry.channelId === null) report.unknown.push({ name: entry.name, source: entry.source });
    else if (!names.has(entry.channelId)) names.set(entry.channelId, entry.name);
  }
  const ids = [...names.keys()];
  const rows = ROWS_PER_STATEMENT[db.kind];

  // The cap per hour: counted and taken in one transaction, so two imports at once cannot both pass.
  const importId = await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM visitor WHERE id = $1 FOR UPDATE', [visitorId]);
    const [{ recent }] = await tx.query<{ recent: number }>(
      `SELECT count(*)::int AS recent FROM visitor_import WHERE visitor_id = $1 AND at > now() - interval '1 hour'`,
      [visitorId],
    );
    if (recent >= IMPORTS_PER_HOUR) {
      throw new HttpError(429, `Vous avez déjà importé ${IMPORTS_PER_HOUR} fichiers cette heure-ci. Réessayez plus tard.`, 'file');
    }
    const [made] = await tx.query<{ id: number }>('INSERT INTO visitor_import (visitor_id) VALUES ($1) RETURNING id', [visitorId]);
    return made.id;
  });

  const states: ChannelState[] = [];
  for (const part of slices(ids, rows)) {
    // Channels we never met: recorded, their feed to be read.
    await db.query(
      `INSERT INTO channel (youtube_id, name, feed_pending) SELECT id, name, true FROM unnest($1::text[], $2::text[]) AS t (id, name)
       ON CONFLICT (youtube_id) DO NOTHING`,
      [part, part.map((id) => names.get(id) ?? id)],
    );
    // A channel YouTube did not know, long enough ago: asked once more.
    await db.query(
      `UPDATE channel SET feed_pending = true, feed_missing = false WHERE youtube_id = ANY($1::text[]) AND feed_missing
       AND feed_failed_at < now() - make_interval(mins => ${FAILURE_MEMORY_MINUTES})`,
      [part],
    );
    states.push(
      ...(await db.query<ChannelState>(
        `SELECT c.id, c.youtube_id AS "youtubeId", c.name, c.feed_pending AS pending, c.feed_missing AS missing,
                (c.feed_failed_at IS NOT NULL AND c.feed_failed_at > now() - make_interval(mins => ${FAILURE_MEMORY_MINUTES})
                  AND (c.feed_ok_at IS NULL OR c.feed_ok_at < c.feed_failed_at)) AS "failedLately",
                EXISTS (SELECT 1 FROM creator_list_channel lc WHERE lc.list_id = $2 AND lc.channel_id = c.id) AS followed
         FROM channel c WHERE c.youtube_id = ANY($1::text[])`,
        [part, listId],
      )),
    );
  }
  const byId = new Map(states.map((state) => [state.youtubeId, state]));
  const toFollow: number[] = [];
  // Reported in the file's order.
  for (const youtubeId of ids) {
    const state = byId.get(youtubeId);
    if (!state) continue;
    const channel = { id: youtubeId, name: state.name };
    if (state.followed) report.alreadyFollowed.push(channel);
    else if (state.missing) report.unknown.push({ name: names.get(youtubeId) ?? null, source: youtubeId });
    else {
      toFollow.push(state.id);
      if (state.pending && state.failedLately) {
        report.failed.push({ id: youtubeId, name: names.get(youtubeId) ?? null, message: FEED_FAILED_MESSAGE });
      } else {
        report.followed.push(channel);
        if (state.pending) report.pending.push(channel);
      }
    }
  }
  for (const part of slices(toFollow, rows)) {
    // Each channel newly followed is a `visiteur.abonné` webhook event, queued in the same statement.
    await db.query(
      `WITH added AS (
         INSERT INTO creator_list_channel (list_id, channel_id) SELECT $1, id FROM unnest($2::int[]) AS t (id) ON CONFLICT DO NOTHING
         RETURNING channel_id
       )
       SELECT count(${FOLLOWED_EVENT}) FROM added JOIN channel c ON c.id = added.channel_id`,
      [listId, part, visitorId],
    );
  }

  // Groups: created when new, completed when they exist (never emptied by a file).
  const listed = new Map(states.filter((s) => !s.missing).map((s) => [s.youtubeId, s.id]));
  for (const group of file.groups) {
    const channelIds = group.channelIds.map((id) => listed.get(id)).filter((id): id is number => id !== undefined);
    const [row] = await db.query<{ id: number }>(
      `WITH found AS (SELECT id FROM visitor_group WHERE visitor_id = $1 AND lower(name) = lower($2)),
            made AS (INSERT INTO visitor_group (visitor_id, name) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM found)
                     AND (SELECT count(*) FROM visitor_group WHERE visitor_id = $1) < 100 RETURNING id)
       SELECT id FROM found UNION ALL SELECT id FROM made`,
      [visitorId, group.name],
    );
    if (!row) continue;
    // Positions follow those already there, statement after statement.
    for (const part of slices(channelIds, rows)) {
      await db.query(
        `INSERT INTO visitor_group_channel (group_id, channel_id, position)
         SELECT $1, channel_id, (SELECT coalesce(max(position), 0) FROM visitor_group_channel WHERE group_id = $1) + ord
         FROM unnest($2::int[]) WITH ORDINALITY AS t (channel_id, ord) ON CONFLICT DO NOTHING`,
        [row.id, part],
      );
    }
    report.groupes.push(group.name);
  }
  await addVideoStates(db, visitorId, file.plusTard, 'plus tard', rows);
  await addVideoStates(db, visitorId, file.masquees, 'masquée', rows);
  report.plusTard = file.plusTard.length;
  report.masquees = file.masquees.length;
  // Kept, so the space can show what the import became once its feeds are read (importOutcome.ts).
  await recordImportReport(db, importId, report);
  return report;
}
