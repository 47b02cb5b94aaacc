import { openDb, type Db } from './db';
import { mayWrite } from './dataVersion';
import { ReadCache } from './readCache';

describe('mayWrite', () => {
  it.each([
    ['SELECT id FROM grp WHERE id = $1', false],
    ['  select count(*) from grp', false],
    ['SELECT id FROM mail_recipient FOR UPDATE SKIP LOCKED', true],
    ['SELECT id FROM grp FOR NO KEY UPDATE', true],
    ["SELECT nextval('grp_id_seq')", true],
    ["SELECT setval ('grp_id_seq', 1)", true],
    ['UPDATE grp SET subject = $1', true],
    ['WITH x AS (DELETE FROM grp RETURNING id) SELECT count(*) FROM x', true],
    ['INSERT INTO grp (subject) VALUES ($1)', true],
    ['ANALYZE grp', true],
  ])('%s → %s', (sql, expected) => {
    expect(mayWrite(sql)).toBe(expected);
  });
});

describe('ReadCache on the embedded engine', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ databaseUrl: null, dataDir: null });
    await db.query('CREATE TABLE thing (id int PRIMARY KEY, name text)');
    await db.query("INSERT INTO thing VALUES (1, 'un')");
  });
  afterAll(() => db.close());

  const nameOf = (cache: ReadCache<string>, loads: { count: number }) =>
    cache.read('1', async () => {
      loads.count += 1;
      return (await db.query<{ name: string }>('SELECT name FROM thing WHERE id = 1'))[0].name;
    });

  it('answers from the cache until a statement or a transaction may have written', async () => {
    const cache = new ReadCache<string>(db, 'thing', { maxEntries: 10, ttlMs: 60_000 });
    const loads = { count: 0 };
    expect(await nameOf(cache, loads)).toBe('un');
    expect(await nameOf(cache, loads)).toBe('un');
    expect(loads.count).toBe(1);
    await db.query('SELECT 1');
    expect(await nameOf(cache, loads)).toBe('un');
    expect(loads.count).toBe(1);

    await db.query("UPDATE thing SET name = 'deux' WHERE id = 1");
    expect(await nameOf(cache, loads)).toBe('deux');
    await db.transaction((tx) => tx.query("UPDATE thing SET name = 'trois' WHERE id = 1"));
    expect(await nameOf(cache, loads)).toBe('trois');
    expect(loads.count).toBe(3);
  });

  it('does not keep what it read while a write ran', async () => {
    const cache = new ReadCache<string>(db, 'thing', { maxEntries: 10, ttlMs: 60_000 });
    const loads = { count: 0 };
    const [read] = await Promise.all([nameOf(cache, loads), db.query("UPDATE thing SET name = 'quatre' WHERE id = 1")]);
    expect(['trois', 'quatre']).toContain(read);
    expect(await nameOf(cache, loads)).toBe('quatre');
    expect(loads.count).toBe(2);
  });

  it('forgets after its time limit, keeps only what `keep` accepts, and drops the oldest when full', async () => {
    const loads = { count: 0 };
    const expired = new ReadCache<string>(db, 'thing', { maxEntries: 10, ttlMs: -1 });
    await nameOf(expired, loads);
    await nameOf(expired, loads);
    expect(loads.count).toBe(2);

    const picky = new ReadCache<number>(db, 'thing', { maxEntries: 10, ttlMs: 60_000 });
    let calls = 0;
    const big = () => picky.read('big', async () => ++calls, () => false);
    await big();
    await big();
    expect(calls).toBe(2);

    const small = new ReadCache<number>(db, 'thing', { maxEntries: 2, ttlMs: 60_000 });
    const counts: Record<string, number> = {};
    const read = (key: string) => small.read(key, async () => (counts[key] = (counts[key] ?? 0) + 1));
    await read('a');
    await read('b');
    await read('c');
    await read('b');
    await read('a');
    expect(counts).toEqual({ a: 2, b: 1, c: 1 });
  });

  it('reads through on an engine other processes write to (no dataVersion)', async () => {
    const cache = new ReadCache<number>({}, 'thing', { maxEntries: 10, ttlMs: 60_000 });
    let calls = 0;
    await cache.read('k', async () => ++calls);
    await cache.read('k', async () => ++calls);
    expect(calls).toBe(2);
  });
});
