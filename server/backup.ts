import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { openDb } from './db/db';
import { fsyncParent } from './db/pgliteStorage';
import { NoServer, requestBackup } from './startup/backupSocket';
import { withEnvFile } from './startup/envFile';

/**
 * `npm run backup [-- FILE]`: a consistent copy of the embedded database (README, "Backups").
 * A running server writes it (startup/backupSocket.ts); with none running, this process opens
 * the database and copies it. Written under a temporary name, forced to disk, then renamed.
 */
async function main(): Promise<void> {
  const config = loadConfig(withEnvFile(process.env, path.resolve('.env')));
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (README, "Backups").');
    process.exit(1);
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const file = path.resolve(process.argv[2] ?? `tgm-backup-${stamp}.tar.gz`);
  let dump: Uint8Array;
  try {
    dump = await requestBackup(config.dataDir);
  } catch (error) {
    if (!(error instanceof NoServer)) throw error;
    const dataDir = path.join(config.dataDir, 'pglite');
    if (!fs.existsSync(dataDir)) throw new Error(`No embedded database in ${config.dataDir}.`);
    console.error('No server is running on this data folder: copying the database directly (do not start one meanwhile).');
    const db = await openDb({ databaseUrl: null, dataDir, durable: config.embeddedDbFsync });
    try {
      dump = await db.backup!();
    } finally {
      await db.close();
    }
  }
  const partial = `${file}.${process.pid}.partial`;
  const fd = fs.openSync(partial, 'w', 0o600);
  try {
    fs.writeSync(fd, dump);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  fsyncParent(file);
  console.log(`Backup written: ${file} (${dump.byteLength} bytes). Restore it with: npm run restore -- ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
