import path from 'node:path';
import { loadConfig } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { createFeedClient } from './modules/feeds/feedClient';
import { refreshFeeds } from './modules/feeds/refresh';
import { withEnvFile } from './startup/envFile';

/** `npm run feeds:refresh`: one refresh of every channel's feed, by hand, with its summary. */
async function main(): Promise<void> {
  // The same settings as the server's: the environment over the working directory's .env.
  const config = loadConfig(withEnvFile(process.env, path.resolve('.env')));
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrate(db);
    // As `npm start` does: a fresh install has its demo channels to refresh.
    await seedDemo(db, config);
    const log = {
      info: (details: object, message: string) => console.log(message, JSON.stringify(details)),
      warn: (details: object, message: string) => console.warn(message, JSON.stringify(details)),
    };
    const summary = await refreshFeeds(db, createFeedClient({ baseUrl: config.youtubeFeedUrl }), log);
    if (summary.skipped) console.log('another process is refreshing the feeds: nothing done');
    process.exitCode = summary.failed > 0 && summary.refreshed === 0 && summary.channels > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
