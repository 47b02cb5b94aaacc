import { PGlite } from '@electric-sql/pglite';
import { POSTGRESQL_CONF } from '../../server/db/pgliteSettings';
import { importColumns, INSERT_ALL_SQL, NEW_LIST_SQL, OWNER_SQL } from './rawInsert';

/**
 * The import bench's raw side on the embedded engine, in a process of its own (run with
 * `node --import tsx`): PGlite on its main thread, on a copy of the server's data folder
 * (argv: the folder, the owner's e-mail). Parent messages: {rows: n} inserts n rows into a new
 * list in one statement and answers {seconds} (the statement alone); {ready: true} at start.
 */
async function main() {
  const [dataDir, ownerEmail] = process.argv.slice(2);
  const lite = await PGlite.create({ dataDir, postgresqlconf: POSTGRESQL_CONF });
  const [{ id: owner }] = (await lite.query<{ id: number }>(OWNER_SQL, [ownerEmail])).rows;
  process.on('message', (message: { rows: number }) => {
    void (async () => {
      const columns = importColumns(message.rows);
      const [{ id: grp }] = (await lite.query<{ id: number }>(NEW_LIST_SQL, [owner])).rows;
      const start = performance.now();
      await lite.query(INSERT_ALL_SQL, [grp, owner, ...columns]);
      process.send?.({ seconds: (performance.now() - start) / 1000 });
    })().catch((error: unknown) => process.send?.({ error: String(error) }));
  });
  process.on('disconnect', () => void lite.close().then(() => process.exit(0)));
  process.send?.({ ready: true });
}

main().catch((error: unknown) => {
  process.send?.({ error: String(error) });
  process.exit(1);
});
