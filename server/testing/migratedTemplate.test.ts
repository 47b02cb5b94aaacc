import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { makeMigratedTemplate } from './migratedTemplate';

/** Everything the migrations define: tables' columns, constraints, indexes, triggers, functions. */
const SCHEMA = `
SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS def
  FROM information_schema.columns WHERE table_schema = 'public'
UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
  FROM pg_constraint WHERE connamespace = 'public'::regnamespace
UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
UNION ALL SELECT 'function ' || pg_get_functiondef(oid) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
ORDER BY def`;

// The test apps start from the template (testApp.ts): it must hold what the migrations make.
it('holds the database the migrations make', async () => {
  const template = await makeMigratedTemplate();
  const fromTemplate = await openDb({ databaseUrl: null, dataDir: null, template });
  const migrated = await openDb({ databaseUrl: null, dataDir: null });
  try {
    expect(await migrate(fromTemplate)).toEqual([]);
    expect((await migrate(migrated)).length).toBeGreaterThan(10);
    const describe = async (db: Db) => ({
      schema: await db.query(SCHEMA),
      migrations: await db.query('SELECT id FROM schema_migration ORDER BY id'),
    });
    const expected = await describe(migrated);
    expect(expected.schema.length).toBeGreaterThan(100);
    expect(await describe(fromTemplate)).toEqual(expected);
  } finally {
    await Promise.all([fromTemplate.close(), migrated.close()]);
  }
});
