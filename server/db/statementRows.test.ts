import { openDb, type Db } from './db';
import { importStatementRows, ROWS_PER_STATEMENT } from './statementRows';

/**
 * The import's statements on the embedded engine: shorter while other requests wait for the
 * database, larger while none does. The engine's count of statements that waited is real: two
 * statements sent at once through the thread.
 */
describe('the rows of an import statement', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ databaseUrl: null, dataDir: null });
  });
  afterAll(() => db.close());

  it('counts, on the embedded engine, the statements sent while another was being answered', async () => {
    const before = db.queuedStatements!();
    await db.query('SELECT 1');
    await db.query('SELECT 2');
    expect(db.queuedStatements!()).toBe(before);
    await Promise.all([db.query('SELECT pg_sleep(0.02)'), db.query('SELECT 3'), db.query('SELECT 4')]);
    expect(db.queuedStatements!()).toBe(before + 2);
  });

  it('grows from 250 to 1,000 rows while no other statement waits, one statement at a time', async () => {
    const rows = importStatementRows(db);
    const sizes = [rows.rows];
    for (let i = 0; i < 4; i += 1) {
      await rows.run(() => db.query('SELECT 1'));
      sizes.push(rows.rows);
    }
    expect(sizes).toEqual([ROWS_PER_STATEMENT.pglite, 500, 1000, 1000, 1000]);
  });

  it('halves, down to 250 rows, each time another statement waited behind one of its own', async () => {
    const rows = importStatementRows(db);
    await rows.run(() => db.query('SELECT 1'));
    await rows.run(() => db.query('SELECT 1'));
    expect(rows.rows).toBe(1000);
    // A request's query arrives while the import's statement runs.
    const waitedFor = () =>
      rows.run(async () => {
        const statement = db.query('SELECT pg_sleep(0.02)');
        await Promise.all([statement, db.query('SELECT 1')]);
        return statement;
      });
    const sizes = [];
    for (let i = 0; i < 3; i += 1) {
      await waitedFor();
      sizes.push(rows.rows);
    }
    await rows.run(() => db.query('SELECT 1'));
    sizes.push(rows.rows);
    expect(sizes).toEqual([500, ROWS_PER_STATEMENT.pglite, ROWS_PER_STATEMENT.pglite, 500]);
  });

  it('answers what the statement answered, and learns nothing from one that failed', async () => {
    const rows = importStatementRows(db);
    await expect(rows.run(() => db.query<{ n: number }>('SELECT 7 AS n'))).resolves.toEqual([{ n: 7 }]);
    expect(rows.rows).toBe(500);
    await expect(rows.run(() => db.query('SELECT * FROM no_such_table'))).rejects.toThrow(/no_such_table/);
    expect(rows.rows).toBe(500);
  });

  it('keeps one size on PostgreSQL, where a statement in hand makes nobody wait', async () => {
    const rows = importStatementRows({ kind: 'postgres' });
    await rows.run(async () => []);
    expect(rows.rows).toBe(5000);
  });
});
