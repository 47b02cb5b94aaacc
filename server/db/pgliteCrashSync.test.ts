import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { FileSyncs, startsAfterCrash, syncFileSystem } from './pgliteCrashSync';
import { storageOptions } from './pgliteStorage';

jest.setTimeout(120_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-crash-sync-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const filesIn = (folder: string): number =>
  fs.readdirSync(folder, { withFileTypes: true }).reduce((count, entry) => count + (entry.isDirectory() ? filesIn(path.join(folder, entry.name)) : 1), 0);

it('counts as written only what changed since the whole file system was synced', () => {
  const syncs = new FileSyncs();
  expect(syncs.needsSync('/a')).toBe(true);
  syncs.allSynced();
  expect(syncs.needsSync('/a')).toBe(false);
  syncs.wrote('/a');
  expect([syncs.needsSync('/a'), syncs.needsSync('/b')]).toEqual([true, false]);
  syncs.didSync('/a');
  expect(syncs.needsSync('/a')).toBe(false);
  expect(syncFileSystem(dir)).toBe(process.platform === 'linux');
});

/**
 * A copy of a database taken while it is open is what a SIGKILL leaves: PostgreSQL finds it
 * not shut down, and would fsync each of its files before replaying the WAL. The start syncs
 * the file system once instead, and forces only what recovery itself writes.
 */
it('starts a crashed database with one syncfs rather than an fsync of every file, and loses nothing', async () => {
  const open = path.join(dir, 'open');
  const crashed = path.join(dir, 'crashed');
  const first = await PGlite.create(storageOptions(open, true));
  await first.exec('CREATE TABLE kept (n integer PRIMARY KEY); INSERT INTO kept SELECT generate_series(1, 500)');
  fs.cpSync(open, crashed, { recursive: true });
  await first.close();
  expect([startsAfterCrash(open), startsAfterCrash(crashed), startsAfterCrash(path.join(dir, 'none'))]).toEqual([false, true, false]);

  const fsyncs = jest.spyOn(fs, 'fsyncSync');
  const again = await PGlite.create(storageOptions(crashed, true));
  const made = fsyncs.mock.calls.length;
  fsyncs.mockRestore();
  expect((await again.query<{ count: number }>('SELECT count(*)::int AS count FROM kept')).rows).toEqual([{ count: 500 }]);
  await again.close();
  expect(startsAfterCrash(crashed)).toBe(false);
  // Every file would be synced once at least (and most twice): recovery writes a few dozen.
  if (process.platform === 'linux') expect(made).toBeLessThan(filesIn(crashed) / 4);
});
