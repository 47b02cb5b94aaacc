import type { Db, Queryable } from '../../db/db';
import { mapWithConcurrency } from '../../shared/concurrency';
import type { FeedClient } from './feedClient';
import type { FeedLog } from './refresh';
import { recordFeedFailure, recordFeedRead } from './repository';
import { FeedError } from './types';

/**
 * Channels an import recorded before anyone read their feed (`channel.feed_pending`): read
 * here in the background, a few at a time, whoever imported them. A channel whose feed failed
 * is not asked again before FAILURE_MEMORY_MINUTES, however many files name it; one YouTube
 * does not know (`feed_missing`) leaves the lists it was put on, and an import naming it in
 * that time reports it unknown without asking YouTube.
 */
export const FAILURE_MEMORY_MINUTES = 6 * 60;

/** How long a process may take a claimed channel before another takes it over. */
const CLAIM_SECONDS = 120;
const BATCH = 20;
const CONCURRENCY = 4;

/** The SQL condition "channel c may be read now". */
export const READABLE_PENDING = `c.feed_pending AND (c.fetch_claimed_until IS NULL OR c.fetch_claimed_until < now())
  AND (c.feed_failed_at IS NULL OR c.feed_failed_at < now() - make_interval(mins => ${FAILURE_MEMORY_MINUTES}))`;

async function claim(db: Queryable): Promise<{ id: number; youtubeId: string }[]> {
  return db.query(
    `UPDATE channel SET fetch_claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
     WHERE id IN (SELECT c.id FROM channel c WHERE ${READABLE_PENDING} ORDER BY c.id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
     RETURNING id, youtube_id AS "youtubeId"`,
  );
}

/** Reads every pending channel that may be read now; answers how many were read (or failed). */
export async function fetchPendingChannels(db: Db, client: FeedClient, log: FeedLog): Promise<number> {
  let done = 0;
  for (;;) {
    const channels = await claim(db);
    if (channels.length === 0) return done;
    await mapWithConcurrency(channels, CONCURRENCY, async (channel) => {
      try {
        const feed = await client.fetchChannelFeed(channel.youtubeId);
        await recordFeedRead(db, channel.id, feed, true);
      } catch (error) {
        const message = (error as Error).message;
        const missing = error instanceof FeedError && (error.kind === 'notFound' || error.kind === 'garbage');
        log.warn({ channel: channel.youtubeId, error: message, missing }, 'feed of an imported channel could not be read');
        await db.transaction(async (tx) => {
          await recordFeedFailure(tx, channel.id, message);
          if (missing) {
            await tx.query('UPDATE channel SET feed_pending = false, feed_missing = true, fetch_claimed_until = NULL WHERE id = $1', [channel.id]);
            // Never read, and YouTube does not know it: it leaves whatever lists it was put on.
            await tx.query('DELETE FROM creator_list_channel WHERE channel_id = $1', [channel.id]);
            await tx.query('DELETE FROM visitor_group_channel WHERE channel_id = $1', [channel.id]);
          } else {
            await tx.query('UPDATE channel SET fetch_claimed_until = NULL WHERE id = $1', [channel.id]);
          }
        });
      }
      done += 1;
    });
  }
}

export interface PendingFeeds {
  /** Reads pending channels now (or right after the run under way). */
  kick(): void;
  /** Resolves once no run is under way (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs `fetchPendingChannels` when kicked and every minute (channels left by a stopped process). */
export function startPendingFeeds(db: Db, client: FeedClient, log: FeedLog, intervalMs = 60_000): PendingFeeds {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = fetchPendingChannels(db, client, log)
      .then(() => undefined)
      .catch((error: Error) => log.warn({ error: error.message }, 'imported channels could not be read'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    kick: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timeout = setTimeout(resolve, 1500)))]);
      clearTimeout(timeout);
    },
  };
}
