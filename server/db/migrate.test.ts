import { openDb, type Db } from './db';
import { migrate } from './migrate';
import { seedDemo } from './seed';
import { loadConfig } from '../config';

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

  it('runs a failed migration not at all', async () => {
    await expect(
      migrate(db, [{ id: '9999_broken', sql: 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;' }]),
    ).rejects.toThrow();
    const tables = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`);
    expect(tables).toHaveLength(0);
  });

  it('seeds the demo users once, keeping later edits', async () => {
    const config = loadConfig({});
    expect(await seedDemo(db, config)).toEqual(expect.arrayContaining(['demo-users']));
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
