import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { createFeedClient } from './feedClient';
import { refreshFeeds, type FeedLog } from './refresh';

export interface FeedScheduler {
  /** Stops the timer and waits (for a while) for a refresh under way. */
  stop(): Promise<void>;
}

/**
 * A refresh reading slow feeds can take tens of seconds; a stopping server waits this long for
 * it, then goes on: its lease expires and the next refresh, here or elsewhere, does the work.
 */
const STOP_WAIT_MS = 1500;

/** Refreshes the feeds now and every FEED_REFRESH_MINUTES; 0 turns it off. */
export function startFeedRefresh(db: Db, config: Config, log: FeedLog): FeedScheduler {
  if (config.feedRefreshMinutes === 0) return { stop: async () => undefined };
  const client = createFeedClient({ baseUrl: config.youtubeFeedUrl });
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = refreshFeeds(db, client, log)
      .catch((error: Error) => log.warn({ error: error.message }, 'feed refresh could not run'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, config.feedRefreshMinutes * 60_000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timeout = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timeout);
    },
  };
}
