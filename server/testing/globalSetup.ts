import { makePgliteTemplate } from '../db/pgliteTemplate';

/**
 * Makes the embedded database's template once for the whole run, when the build has not:
 * each test database is then unpacked from it instead of running initdb (seconds each).
 */
export default async function globalSetup(): Promise<void> {
  await makePgliteTemplate();
}
