import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent copy of the running embedded database: PGlite's own dump (a gzip tar of its
 * folder, which `loadDataDir` reads back), taken in the database thread while no statement
 * runs. Statements wait for it, as for a long query; a transaction in hand may be between two
 * statements: the copy is then what a crash at that instant leaves, which PostgreSQL's
 * recovery brings back to the last commit when the copy is opened (its uncommitted work
 * dropped). A checkpoint first leaves that recovery little WAL to replay.
 */
export async function backupDump(lite: PGlite): Promise<Uint8Array> {
  await lite.exec('CHECKPOINT');
  const dump = await lite.dumpDataDir('gzip');
  return new Uint8Array(await dump.arrayBuffer());
}
