import { randomBytes } from 'node:crypto';
import { openDb, type Db } from './db';
import { migrate } from './migrate';
import { ReadCache } from './readCache';
import { LISTENER_NAME, NOTIFYING_TABLES } from './tableChanges';

/**
 * Two `Db`s on one schema stand for two processes: each has its own pool and its own listening
 * connection, and neither sees the other's writes but through PostgreSQL's notifications.
 */
jest.setTimeout(60_000);

const schema = `test_changes_${randomBytes(4).toString('hex')}`;
const open = () => openDb({ databaseUrl: process.env.TEST_DATABASE_URL as string, dataDir: null, schema });
let ours: Db;
let theirs: Db;

/** Polls until `ready` holds: notifications and reconnections arrive on their own. */
async function until(ready: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  ours = await open();
  theirs = await open();
  await migrate(ours);
  await ours.query(`INSERT INTO app_user (email, password_hash) VALUES ('owner@example.org', 'x')`);
  await ours.query(`INSERT INTO category (name, user_id) SELECT 'un', id FROM app_user`);
});

afterAll(async () => {
  await theirs.close();
  await ours.query(`DROP SCHEMA "${schema}" CASCADE`);
  await ours.close();
});

const version = () => ours.dataVersion?.('category');

it('gives every notifying table its trigger', async () => {
  const rows = await ours.query<{ table: string }>(
    `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND t.tgname = c.relname || '_notify_change'`,
    [schema],
  );
  expect(rows.map((row) => row.table).sort()).toEqual([...NOTIFYING_TABLES].sort());
});

it("drops a cached read when another process commits a write to its table, not before", async () => {
  const cache = new ReadCache<string>(ours, 'category', { maxEntries: 10, ttlMs: 60_000 });
  let loads = 0;
  const name = () =>
    cache.read('1', async () => {
      loads += 1;
      return (await ours.query<{ name: string }>('SELECT name FROM category'))[0].name;
    });

  // The first read checks the table's trigger; reads are cached once it is confirmed.
  await until(() => version() !== undefined);
  expect(await name()).toBe('un');
  expect(await name()).toBe('un');
  expect(loads).toBe(1);

  const before = version();
  await theirs.transaction(async (tx) => {
    await tx.query(`UPDATE category SET name = 'deux'`);
    // Not committed: no notification, the cached answer is still what others can read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(version()).toBe(before);
    expect(await name()).toBe('un');
  });
  await until(() => version() !== before);
  expect(await name()).toBe('deux');
  expect(loads).toBe(2);

  // A rolled-back write tells nothing: once a later write to another table is heard, category's
  // version still has not moved.
  const users = () => ours.dataVersion?.('app_user');
  await until(() => users() !== undefined);
  const usersBefore = users();
  const settled = version();
  await expect(
    theirs.transaction(async (tx) => {
      await tx.query(`UPDATE category SET name = 'jamais'`);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await theirs.query(`UPDATE app_user SET roles = roles`);
  await until(() => users() !== usersBefore);
  expect(version()).toBe(settled);
  expect(await name()).toBe('deux');
  expect(loads).toBe(2);
});

it('reads through while its listening connection is lost, and caches again once it is back', async () => {
  await until(() => version() !== undefined);
  const before = version() as number;
  await theirs.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
    LISTENER_NAME,
  ]);
  await until(() => version() === undefined);
  await until(() => version() !== undefined);
  // Whatever was written while it was down cannot be known: the version moved.
  expect(version()).toBeGreaterThan(before);
});

it('never caches a table that tells no writes', () => {
  expect(ours.dataVersion?.('mail_recipient')).toBeUndefined();
  expect(ours.dataVersion?.('no_such_table')).toBeUndefined();
});
