import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import os from 'node:os';
import path from 'node:path';
import { storageOptions } from '../../server/db/pgliteStorage';
/**
 * The cost of EMBEDDED_DB_FSYNC (issue 36), PGlite alone on a new folder each turn (run with
 * `npx tsx bench/support/commitCost.ts` after `npm run build` made the template): the time of
 * a one-row commit (300 in a row) and the rows a second of 1,000-row INSERT statements, as an
 * import's, with the fsyncs and without, three interleaved rounds.
 */
async function one(durable: boolean) {
  const dir = path.join(os.tmpdir(), `tgm-commit-cost-${durable}-${Date.now()}`);
  const lite = await PGlite.create({ ...storageOptions(dir, durable), loadDataDir: new Blob([fs.readFileSync('build/pglite-template/' + fs.readdirSync('build/pglite-template')[0])]) });
  await lite.exec('CREATE TABLE c (id serial primary key, email text, firstname text, grp int)');
  let t = performance.now();
  for (let i = 0; i < 300; i++) await lite.query('INSERT INTO c (email, firstname, grp) VALUES ($1, $2, 1)', [`a${i}@example.org`, 'A']);
  const commitMs = (performance.now() - t) / 300;
  t = performance.now();
  for (let b = 0; b < 20; b++) await lite.query(`INSERT INTO c (email, firstname, grp) SELECT 'b' || n || '@example.org', 'B', 2 FROM generate_series(1, 1000) n`);
  const rowsPerS = 20000 / ((performance.now() - t) / 1000);
  await lite.close(); fs.rmSync(dir, { recursive: true, force: true });
  return { durable, commitMs: commitMs.toFixed(2), rowsPerS: Math.round(rowsPerS) };
}
(async () => { for (let r = 0; r < 3; r++) for (const d of [false, true]) console.log(JSON.stringify(await one(d))); })();
