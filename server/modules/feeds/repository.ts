import type { Queryable } from '../../db/db';
import { upsertVideosSql, videoColumns } from './videoRows';
import type { ChannelFeed } from './types';

export interface ChannelToRefresh {
  id: number;
  youtubeId: string;
}

/** Channels an import recorded and nobody read yet, or YouTube does not know, are pending.ts's. */
export async function channelsToRefresh(db: Queryable): Promise<ChannelToRefresh[]> {
  return db.query<ChannelToRefresh>('SELECT id, youtube_id AS "youtubeId" FROM channel WHERE NOT feed_pending AND NOT feed_missing ORDER BY id');
}

/**
 * What a feed read brings, in one statement (one transaction on both engines, and no round
 * trips between the embedded database's thread and ours while it holds the database): the
 * channel's name from the feed, its videos, its success. A first reading (`first`: an import
 * recorded the channel, nobody had read it) also ends its pending state and marks what it
 * brings as seen by those who follow it: a creator's past is not news. Answers the videos
 * inserted or updated.
 */
export async function recordFeedRead(db: Queryable, channelId: number, feed: Pick<ChannelFeed, 'name' | 'videos'>, first: boolean): Promise<number> {
  const [row] = await db.query<{ videos: number }>(
    `WITH videos AS (${upsertVideosSql(1)}),
     channel_read AS (
       UPDATE channel SET name = $8, feed_ok_at = now(), feed_error = NULL,
         feed_pending = feed_pending AND NOT $9, feed_missing = feed_missing AND NOT $9,
         fetch_claimed_until = CASE WHEN $9 THEN NULL ELSE fetch_claimed_until END
       WHERE id = $1
     ),
     seen AS (
       UPDATE creator_list_channel SET seen_at = now() WHERE $9 AND channel_id = $1 AND seen_at IS NULL
     )
     SELECT count(*)::int AS videos FROM videos`,
    [channelId, ...videoColumns(feed.videos), feed.name, first],
  );
  return row.videos;
}

export async function recordFeedSuccess(db: Queryable, channelId: number): Promise<void> {
  await db.query('UPDATE channel SET feed_ok_at = now(), feed_error = NULL WHERE id = $1', [channelId]);
}

/** Counts the failure on the channel; its videos stay as they were. */
export async function recordFeedFailure(db: Queryable, channelId: number, error: string): Promise<void> {
  await db.query(
    'UPDATE channel SET feed_failed_at = now(), feed_failures = feed_failures + 1, feed_error = $2 WHERE id = $1',
    [channelId, error.slice(0, 500)],
  );
}

/**
 * One refresh at a time across every server process sharing the database: a lease that
 * expires, so a process that dies mid-refresh does not block the others for long.
 */
export async function claimRefreshLease(db: Queryable, holder: string, seconds: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO feed_refresh_lease AS l (id, holder, until) VALUES (1, $1, now() + make_interval(secs => $2))
     ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until WHERE l.until < now()
     RETURNING id`,
    [holder, seconds],
  );
  return rows.length > 0;
}

/** Gone rather than expired `now()`: the embedded engine's clock counts milliseconds, and a run in the same one found it still held. */
export async function releaseRefreshLease(db: Queryable, holder: string): Promise<void> {
  await db.query('DELETE FROM feed_refresh_lease WHERE id = 1 AND holder = $1', [holder]);
}
