import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from '../db/db';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations';
import { makePgliteTemplate, pgliteTemplateFile, writeDump } from '../db/pgliteTemplate';
import { POSTGRESQL_CONF } from '../db/pgliteSettings';

/**
 * A dump of an embedded database with every migration applied, for the test apps: running
 * the migrations took each test file 1–2 s more than unpacking a bigger dump. It is kept in a
 * folder named by a hash of the migrations (ids and SQL), so that any change to them makes a
 * new one; the test apps still run `migrate`, which then finds nothing to do.
 */
const ROOT = path.join(path.dirname(pgliteTemplateFile()), '..', 'pglite-migrated-template');

const migrationsHash = () => createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);

/** For the PGlite version installed and the current migrations. */
const migratedTemplateFile = (hash = migrationsHash()) => pgliteTemplateFile(path.join(ROOT, hash));

/** The template's path when one has been made for the current migrations, else null. */
export function findMigratedTemplate(): string | null {
  const file = migratedTemplateFile();
  return fs.existsSync(file) ? file : null;
}

/** `migrate` needs only statements and transactions: PGlite's own, in this process. */
const asDb = (lite: PGlite): Db => {
  const rows = (on: Pick<PGlite, 'query'>): Queryable['query'] => async (sql, params) => (await on.query(sql, params)).rows as never[];
  return {
    kind: 'pglite',
    query: rows(lite),
    transaction: (work) => lite.transaction((tx) => work({ query: rows(tx) })),
    close: () => lite.close(),
  };
};

/**
 * Makes the template when the current migrations have none (once per jest run at most, in
 * its global set-up), and drops those of earlier migrations. Written to a temporary name and
 * renamed, as the empty template is.
 */
export async function makeMigratedTemplate(): Promise<string> {
  const hash = migrationsHash();
  const file = migratedTemplateFile(hash);
  if (fs.existsSync(file)) return file;
  const loadDataDir = new Blob([fs.readFileSync(await makePgliteTemplate())]);
  const lite = await PGlite.create({ postgresqlconf: POSTGRESQL_CONF, loadDataDir });
  try {
    await migrate(asDb(lite));
    // Written to the data files, so that each test database opens without replaying the WAL.
    await lite.exec('CHECKPOINT');
    for (const old of fs.existsSync(ROOT) ? fs.readdirSync(ROOT) : []) {
      if (old !== hash) fs.rmSync(path.join(ROOT, old), { recursive: true, force: true });
    }
    await writeDump(lite, file);
  } finally {
    await lite.close();
  }
  return file;
}
