import { openDb, type Db } from './db';
import { migrate, splitStatements } from './migrate';
import { seedDemo } from './seed';
import { loadConfig } from '../config';
import { createTestApp } from '../testing/testApp';

describe('migrations and seeds', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({
      databaseUrl: process.env.TEST_DATABASE_URL || null,
      dataDir: null,
      schema: `test_migrate_${process.pid}`,
    });
  });
  afterAll(async () => {
    if (db.kind === 'postgres') await db.query(`DROP SCHEMA "test_migrate_${process.pid}" CASCADE`);
    await db.close();
  });

  it('applies each migration once', async () => {
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual([]);
  });

  it('splits statements at line-ending semicolons, keeping $$-quoted bodies whole', () => {
    const body = 'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN NEW;\nEND\n$$';
    expect(splitStatements(`CREATE TABLE a (id int);\n${body};\nSELECT 1;`)).toEqual([
      'CREATE TABLE a (id int)',
      body,
      'SELECT 1',
    ]);
  });

  it('runs a failed migration not at all', async () => {
    await expect(
      migrate(db, [{ id: '9999_broken', sql: 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;' }]),
    ).rejects.toThrow();
    const tables = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`);
    expect(tables).toHaveLength(0);
  });

  it('seeds the demo users once, keeping later edits', async () => {
    const config = loadConfig({});
    expect(await seedDemo(db, config)).toEqual(['demo-users', 'demo-back-office', 'demo-videos']);
    await db.query(`UPDATE app_user SET roles = '["ROLE_USER","ROLE_EDITOR"]' WHERE email = $1`, [config.operatorEmail]);
    expect(await seedDemo(db, config)).toEqual([]);
    const [operator] = await db.query<{ roles: string[] }>('SELECT roles FROM app_user WHERE email = $1', [
      config.operatorEmail,
    ]);
    expect(operator.roles).toContain('ROLE_EDITOR');
    const users = await db.query<{ email: string; password_hash: string }>('SELECT email, password_hash FROM app_user');
    expect(users.map((u) => u.email).sort()).toEqual([config.adminEmail, config.operatorEmail].sort());
    for (const user of users) expect(user.password_hash).toMatch(/^scrypt\$/);
  });
});

describe('the demo back-office seed', () => {
  it("gives the operator and the admin lists with contacts, and the admin the product's category", async () => {
    const t = await createTestApp({ PRODUCT_NAME: 'Démo' }, { demoData: true });
    try {
      const lists = await t.db.query<{ email: string; contacts: number }>(
        `SELECT u.email, count(c.id)::int AS contacts FROM grp g JOIN app_user u ON u.id = g.user_id
         JOIN grp_rcp c ON c.grp_id = g.id GROUP BY g.id, u.email`,
      );
      expect(lists.filter((l) => l.email === t.config.operatorEmail).length).toBeGreaterThanOrEqual(2);
      expect(lists.filter((l) => l.email === t.config.adminEmail).length).toBeGreaterThanOrEqual(1);
      expect(lists.every((l) => l.contacts > 0)).toBe(true);
      const product = await t.db.query(
        `SELECT 1 FROM category c JOIN app_user u ON u.id = c.user_id WHERE c.name = 'Démo' AND u.email = $1`,
        [t.config.adminEmail],
      );
      expect(product).toHaveLength(1);
      const speeches = await t.db.query<{ sequence: { sequence: number }[] }>('SELECT sequence FROM discours');
      expect(speeches.length).toBeGreaterThan(0);
      for (const { sequence } of speeches) expect(sequence.map((i) => i.sequence)).toEqual(sequence.map((_, i) => i + 1));
    } finally {
      await t.close();
    }
  });
});
