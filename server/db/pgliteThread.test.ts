import { openDb, type Db } from './db';

/**
 * The embedded database runs in a worker thread (pgliteThread.ts): what crosses the thread
 * must come back as it does from PostgreSQL through `pg`, and transactions must stay units.
 */
describe('the embedded database thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ databaseUrl: null, dataDir: null });
    await db.query('CREATE TABLE item (id int PRIMARY KEY, label text NOT NULL UNIQUE, amount numeric, doc jsonb)');
  });
  afterAll(() => db.close());

  it('answers numbers, timestamps, json, bytes, arrays and nulls as pg does', async () => {
    const [row] = await db.query(
      `SELECT 9007199254740::int8 AS big, 12.5::numeric AS amount, 3::int AS small, 1.5::float8 AS real,
         '2026-01-02T03:04:05.678Z'::timestamptz AS at, '2026-01-02 03:04:05'::timestamp AS local,
         '2026-01-02'::date::text AS day, $1::jsonb AS doc, $2::bytea AS bytes, ARRAY[1, 2]::int[] AS ints,
         NULL::text AS nothing, true AS yes`,
      [{ a: [1, 'b'] }, Buffer.from('hé')],
    );
    expect(row).toEqual({
      big: 9007199254740,
      amount: 12.5,
      small: 3,
      real: 1.5,
      at: '2026-01-02T03:04:05.678Z',
      local: '2026-01-02T03:04:05.000Z',
      day: '2026-01-02',
      doc: { a: [1, 'b'] },
      bytes: new Uint8Array(Buffer.from('hé')),
      ints: [1, 2],
      nothing: null,
      yes: true,
    });
  });

  it('passes Date parameters and answers rows in order', async () => {
    const [row] = await db.query<{ at: string }>('SELECT $1::timestamptz AS at', [new Date('2026-05-06T07:08:09.010Z')]);
    expect(row.at).toBe('2026-05-06T07:08:09.010Z');
    const rows = await db.query<{ n: number }>('SELECT n FROM generate_series(1, 2000) AS n ORDER BY n');
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  });

  it("keeps PostgreSQL's error fields, so a duplicate still maps to 409", async () => {
    await db.query(`INSERT INTO item (id, label) VALUES (1, 'one')`);
    const error = await db.query(`INSERT INTO item (id, label) VALUES (2, 'one')`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'item_label_key', table: 'item' });
    expect((error as Error).message).toContain('duplicate key');
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toMatchObject({ code: '42P01' });
  });

  it('commits a transaction as one unit and answers what the work answered', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO item (id, label) VALUES (10, 'ten')`);
      await tx.query(`INSERT INTO item (id, label) VALUES (11, 'eleven')`);
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM item WHERE id >= 10'))[0].n;
    });
    expect(answer).toBe(2);
    expect(await db.query('SELECT id FROM item WHERE id >= 10 ORDER BY id')).toEqual([{ id: 10 }, { id: 11 }]);
  });

  it('rolls back all of a transaction whose work throws, and rethrows its error', async () => {
    const failure = new Error('stop here');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO item (id, label) VALUES (20, 'twenty')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO item (id, label) VALUES (21, 'twenty-one')`);
        await tx.query(`INSERT INTO item (id, label) VALUES (22, 'twenty-one')`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT id FROM item WHERE id BETWEEN 20 AND 29')).toEqual([]);
  });

  it('makes statements from outside wait for an open transaction, and runs transactions one at a time', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const firstBegun = new Promise<void>((resolve) => (begun = resolve));
    const first = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO item (id, label) VALUES (30, 'thirty')`);
      begun();
      await held;
      seen.push('first commits');
    });
    await firstBegun;
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM item WHERE id = 30').then((rows) => {
      seen.push(`outside sees ${rows[0].n}`);
    });
    const second = db.transaction(async (tx) => {
      const rows = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM item WHERE id = 30');
      seen.push(`second sees ${rows[0].n}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen.push('released');
    release();
    await Promise.all([first, outside, second]);
    expect(seen.slice(0, 2)).toEqual(['released', 'first commits']);
    expect(seen.slice(2).sort()).toEqual(['outside sees 1', 'second sees 1']);
  });

  it('leaves the event loop free while a statement runs', async () => {
    let settled = false;
    const slow = db
      .query('SELECT count(*) FROM generate_series(1, 1000000)')
      .finally(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await slow;
    expect(settled).toBe(true);
  });

  it('refuses statements once closed', async () => {
    const other = await openDb({ databaseUrl: null, dataDir: null });
    expect(await other.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow('The embedded database is closed.');
    await other.close();
  });
  it("collects its thread's garbage when asked, and goes on answering", async () => {
    await expect(db.collectGarbage!()).resolves.toBeUndefined();
    await expect(db.collectGarbage!()).resolves.toBeUndefined();
    expect(await db.query<{ n: number }>('SELECT 41 + 1 AS n')).toEqual([{ n: 42 }]);
  });
});
