import { Readable } from 'node:stream';
import { createTestApp } from '../server/testing/testApp';
import { measure, printRatio } from './measure';

const ROWS = 100_000;

const row = (i: number) => [`user${i}@example.org`, `First${i}`, `Last${i}`, `06${String(i).padStart(8, '0')}`];

/** The CSV, generated as it is read; `sample` runs every 1,000 rows (the import yields to no timer). */
function* csvLines(sample: () => void = () => undefined): Generator<string> {
  yield 'email,firstname,lastname,phone\n';
  for (let i = 0; i < ROWS; i += 1) {
    if (i % 1000 === 0) sample();
    yield `${row(i).join(',')}\n`;
  }
}

/**
 * 100,000 contacts through POST /api/grps/{id}/import (HTTP layer, streamed CSV parsing,
 * validation, batched inserts) against the database inserting the same rows in one
 * `INSERT ... SELECT FROM unnest(...)`; each run fills a fresh list.
 */
export default async function contactsImportBench(): Promise<void> {
  const t = await createTestApp();
  try {
    const operator = await t.operatorBearer();
    const [{ id: owner }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.operatorEmail]);
    const newList = async () =>
      (await t.db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ('bench', $1) RETURNING id`, [owner]))[0].id;
    const columns = [0, 1, 2, 3].map((c) => Array.from({ length: ROWS }, (_, i) => row(i)[c]));

    let heapGrowth = 0;
    const ours = await measure(`import endpoint, ${ROWS} rows`, 3, async () => {
      const grp = await newList();
      const heapBefore = process.memoryUsage().heapUsed;
      let peakHeap = heapBefore;
      const sample = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/grps/${grp}/import`,
        headers: { ...operator, 'content-type': 'text/csv' },
        payload: Readable.from(csvLines(sample)),
      });
      heapGrowth = peakHeap - heapBefore;
      if (response.json().added !== ROWS) throw new Error(`import added ${response.body}`);
    });
    const raw = await measure(`raw INSERT ... SELECT unnest, ${ROWS} rows`, 3, async () => {
      const grp = await newList();
      await t.db.query(
        `INSERT INTO grp_rcp (grp_id, user_id, origin, email, firstname, lastname, phone)
         SELECT $1, $2, 'import', e, f, l, p FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS t(e, f, l, p)
         ON CONFLICT (grp_id, lower(email)) DO NOTHING`,
        [grp, owner, ...columns],
      );
    });
    const rowsPerSecond = (m: typeof ours) => ({ ...m, operations: m.operations * ROWS, perSecond: m.perSecond * ROWS });
    printRatio(`contacts import, rows/s (${t.db.kind})`, rowsPerSecond(ours), rowsPerSecond(raw));
    const csvBytes = [...csvLines()].reduce((sum, line) => sum + line.length, 0);
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`  peak heap growth during an import: ${mib(heapGrowth)} (the CSV streamed in is ${mib(csvBytes)})`);
  } finally {
    await t.close();
  }
}
