import { makePgliteTemplate } from '../db/pgliteTemplate';
import { makeMigratedTemplate } from './migratedTemplate';

/**
 * Makes the embedded database's templates once for the whole run, when the build (or an
 * earlier run, for the migrated one) has not: each test database is then unpacked from one
 * instead of running initdb and the migrations (seconds each). On PostgreSQL the test apps
 * migrate schemas of their own and need no migrated template.
 */
export default async function globalSetup(): Promise<void> {
  await makePgliteTemplate();
  if (!process.env.TEST_DATABASE_URL) await makeMigratedTemplate();
}
