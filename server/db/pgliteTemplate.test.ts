import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { openDb } from './db';
import { migrate } from './migrate';
import { createDatabase, findPgliteTemplate, makePgliteTemplate } from './pgliteTemplate';

// The suite's set-up (server/testing/globalSetup.ts) made the template, as the build does.
it('keeps one template per PGlite version, a dump of a new database, made once', async () => {
  const file = findPgliteTemplate();
  expect(file).toMatch(/build\/pglite-template\/pglite-\d+\.\d+\.\d+\.tar\.gz$/);
  const madeAt = fs.statSync(file!).mtimeMs;
  expect(await makePgliteTemplate()).toBe(file);
  expect(fs.statSync(file!).mtimeMs).toBe(madeAt);
  // A tar of PostgreSQL's data folder: its entries name PG_VERSION.
  expect(zlib.gunzipSync(fs.readFileSync(file!)).includes(Buffer.from('PG_VERSION'))).toBe(true);
});

it('makes a new embedded database from it, on disk, that migrates and opens again', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-template-'));
  try {
    const dataDir = path.join(dir, 'pglite');
    let db = await openDb({ databaseUrl: null, dataDir });
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect((await migrate(db)).length).toBeGreaterThan(10);
    await db.query(`INSERT INTO seed_run (id) VALUES ('template-test')`);
    await db.close();

    db = await openDb({ databaseUrl: null, dataDir });
    expect(await migrate(db)).toEqual([]);
    expect(await db.query(`SELECT id FROM seed_run`)).toEqual([{ id: 'template-test' }]);
    await db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('creates a database (as the compiled server\'s first start does, in a process of its own) under a temporary name, renamed once closed', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-template-'));
  try {
    const dataDir = path.join(dir, 'pglite');
    await createDatabase(dataDir);
    expect(fs.readdirSync(dir)).toEqual(['pglite']);
    const db = await openDb({ databaseUrl: null, dataDir });
    expect(await db.query(`SELECT current_setting('shared_buffers') AS value`)).toEqual([{ value: '32MB' }]);
    await db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
