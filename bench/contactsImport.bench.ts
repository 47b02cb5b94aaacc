import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enginesFor, type Engine } from './support/engines';
import { startBenchApp } from './support/inProcessApp';
import { compare, latencyLine, probeHealth, rate, rssMiB, sampleRss, timed, type BenchOptions } from './measure';

const row = (i: number) => [`user${i}@example.org`, `First${i}`, `Last${i}`, `06${String(i).padStart(8, '0')}`];

/**
 * Ours: the CSV posted over a socket to POST /api/grps/{id}/import (HTTP, streamed parsing,
 * validation, batched inserts). Raw: the same rows inserted by the same database and driver
 * in one `INSERT … SELECT FROM unnest(…)`. Each run fills a fresh list; the embedded database
 * is file-backed, as the product runs it.
 */
async function benchImport(engine: Engine, dataDir: string, rows: number, options: BenchOptions): Promise<void> {
  const t = await startBenchApp(engine, dataDir);
  try {
    const operator = await t.bearer(t.config.operatorEmail, t.config.operatorPassword);
    const [{ id: owner }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.operatorEmail]);
    const newList = async () =>
      (await t.db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ('bench', $1) RETURNING id`, [owner]))[0].id;
    const csv = Buffer.from(['email,firstname,lastname,phone', ...Array.from({ length: rows }, (_, i) => row(i).join(','))].join('\n'));
    const columns = [0, 1, 2, 3].map((c) => Array.from({ length: rows }, (_, i) => row(i)[c]));
    let peakRss = 0;
    /** One import of the whole file into a new list, over HTTP. */
    const importOnce = async () => {
      const grp = await newList();
      const rss = sampleRss();
      const sample = await timed(async () => {
        const response = await fetch(`${t.url}/api/grps/${grp}/import`, {
          method: 'POST',
          headers: { ...operator, 'content-type': 'text/csv' },
          body: csv,
        });
        const report = (await response.json()) as { added?: number };
        if (report.added !== rows) throw new Error(`import answered ${JSON.stringify(report)}`);
        return rows;
      });
      peakRss = Math.max(peakRss, rss.stop());
      return sample;
    };

    await compare(
      `contacts import of ${rows} rows, ${engine.name} database`,
      'rows/s',
      { label: 'CSV over HTTP to POST /api/grps/{id}/import', run: importOnce },
      {
        label: 'INSERT … SELECT FROM unnest, same rows, same driver',
        run: async () => {
          const grp = await newList();
          return timed(async () => {
            await t.db.query(
              `INSERT INTO grp_rcp (grp_id, user_id, origin, email, firstname, lastname, phone)
               SELECT $1, $2, 'import', e, f, l, p FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS t(e, f, l, p)
               ON CONFLICT (grp_id, lower(email)) DO NOTHING`,
              [grp, owner, ...columns],
            );
            return rows;
          });
        },
      },
      options.rounds,
    );
    // The latency probe runs in an import of its own, outside the timed rounds: its requests
    // are work the raw side would not do.
    const probe = probeHealth(t.url);
    const probed = await importOnce();
    const health = await probe.stop();
    console.log(`  process RSS: peak ${peakRss.toFixed(0)} MiB during the imports, ${rssMiB().toFixed(0)} MiB after (server and database share it)`);
    console.log(latencyLine(`GET /api/health during one more import (${rate(probed).toFixed(0)} rows/s meanwhile)`, health));
  } finally {
    await t.close();
  }
}

export default async function contactsImportBench(options: BenchOptions): Promise<void> {
  const rows = options.quick ? 2_000 : 100_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-import-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchImport(engine, dataDir, rows, options);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
