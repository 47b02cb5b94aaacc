import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import { mapWithConcurrency } from '../../shared/concurrency';
import type { FeedClient } from './feedClient';
import { channelsToRefresh, claimRefreshLease, recordFeedFailure, recordFeedRead, releaseRefreshLease } from './repository';

export interface FeedLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RefreshSummary {
  /** Another process was refreshing: this run did nothing. */
  skipped: boolean;
  channels: number;
  refreshed: number;
  failed: number;
  /** Videos inserted or updated. */
  videos: number;
}

export interface RefreshOptions {
  concurrency?: number;
  /** How long the lease may be held before another process may take over. */
  leaseSeconds?: number;
}

const DEFAULT_CONCURRENCY = 4;

/**
 * Reads every channel's feed (a few at a time) and upserts its videos. A feed that fails or
 * answers garbage is logged and counted on its channel, whose last good videos stay.
 */
export async function refreshFeeds(db: Db, client: FeedClient, log: FeedLog, options: RefreshOptions = {}): Promise<RefreshSummary> {
  const holder = randomUUID();
  if (!(await claimRefreshLease(db, holder, options.leaseSeconds ?? 600))) {
    return { skipped: true, channels: 0, refreshed: 0, failed: 0, videos: 0 };
  }
  try {
    const channels = await channelsToRefresh(db);
    const outcomes = await mapWithConcurrency(channels, options.concurrency ?? DEFAULT_CONCURRENCY, async (channel) => {
      try {
        const feed = await client.fetchChannelFeed(channel.youtubeId);
        return await recordFeedRead(db, channel.id, feed, false);
      } catch (error) {
        const message = (error as Error).message;
        log.warn({ channel: channel.youtubeId, error: message }, 'feed refresh failed for a channel; its videos are kept');
        await recordFeedFailure(db, channel.id, message);
        return null;
      }
    });
    const failed = outcomes.filter((count) => count === null).length;
    const summary = {
      skipped: false,
      channels: channels.length,
      refreshed: channels.length - failed,
      failed,
      videos: outcomes.reduce<number>((sum, count) => sum + (count ?? 0), 0),
    };
    (failed > 0 ? log.warn : log.info).call(log, summary, 'feed refresh done');
    return summary;
  } finally {
    await releaseRefreshLease(db, holder);
  }
}
