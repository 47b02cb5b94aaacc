import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from './db';

jest.setTimeout(240_000);

const MIB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-wal-'));
let db: Db;

afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const walBytes = () =>
  fs.readdirSync(path.join(dir, 'pglite', 'pg_wal')).reduce((sum, name) => {
    const stat = fs.statSync(path.join(dir, 'pglite', 'pg_wal', name));
    return stat.isFile() ? sum + stat.size : sum;
  }, 0);

/**
 * PGlite takes no checkpoint by itself while it runs (pgliteCheckpoints.ts): before, its WAL
 * grew with every row written. Here ~150 MiB of WAL are written, in statements of ~2.5 MiB
 * as an import's, and the WAL folder must stay within 64 MiB throughout.
 */
it('keeps the WAL within 64 MiB while far more is written', async () => {
  db = await openDb({ databaseUrl: null, dataDir: path.join(dir, 'pglite') });
  await db.query('CREATE TABLE filler (id serial PRIMARY KEY, body text NOT NULL)');
  const [{ start }] = await db.query<{ start: string }>('SELECT pg_current_wal_insert_lsn()::text AS start');
  let largest = 0;
  for (let statement = 0; statement < 60; statement += 1) {
    await db.query(`INSERT INTO filler (body) SELECT repeat(md5(n::text), 32) FROM generate_series(1, 2000) AS n`);
    largest = Math.max(largest, walBytes());
    // Time for the thread's once-a-second look at the WAL, as an import's reading of its CSV gives.
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  const [{ written }] = await db.query<{ written: number }>(
    'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::float8 AS written',
    [start],
  );
  expect(written).toBeGreaterThan(120 * MIB);
  expect(largest).toBeLessThanOrEqual(64 * MIB);
});
