import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { createDatabase } from './db/pgliteTemplate';
import { withEnvFile } from './startup/envFile';
import { keepPrivate } from './startup/privateFiles';

/**
 * `npm run restore -- FILE`: brings a backup of `npm run backup` back as the embedded database
 * of an empty DATA_DIR (README, "Backups"). A data folder that holds anything is refused: the
 * restore never replaces a database, nor mixes one with another's secrets and outbox.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- FILE (a backup written by npm run backup).');
    process.exit(2);
  }
  if (!fs.existsSync(file)) throw new Error(`No such backup file: ${file}.`);
  const config = loadConfig(withEnvFile(process.env, path.resolve('.env')));
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backups").');
  if (fs.existsSync(config.dataDir) && fs.readdirSync(config.dataDir).length > 0) {
    throw new Error(
      `DATA_DIR (${config.dataDir}) is not empty: restore into an empty or new folder (set DATA_DIR), then start the server on it.`,
    );
  }
  keepPrivate(config.dataDir);
  // Opened once and closed: PostgreSQL's recovery runs now, not at the server's first start.
  await createDatabase(path.join(config.dataDir, 'pglite'), path.resolve(file), config.embeddedDbFsync);
  console.log(`Restored into ${config.dataDir}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
