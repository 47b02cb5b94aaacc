import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enginesFor, type Engine } from './support/engines';
import { startBenchApp } from './support/inProcessApp';
import { latencyLine, probe, timed, type BenchOptions } from './measure';


/**
 * Issue 11: with a 200,000-address target list or a 300,000-row CSV import running, the other
 * clients' `/api/health` and small authenticated GET must keep answering under 300 ms (p99).
 * Both go over real sockets to the real server, on a file-backed embedded database (and on
 * PostgreSQL with BENCH_DATABASE_URL).
 */
async function benchBigRequests(engine: Engine, dataDir: string, sizes: { target: number; import: number }): Promise<void> {
  const t = await startBenchApp(engine, dataDir);
  try {
    const operator = await t.bearer(t.config.operatorEmail, t.config.operatorPassword);
    const [{ id: owner }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.operatorEmail]);
    const newList = async (subject: string) =>
      (await t.db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ($1, $2) RETURNING id`, [subject, owner]))[0].id;
    const small = await newList('small');
    const smallGet = `/api/grps/${small}`;

    const run = async (title: string, request: () => Promise<Response>, check: (answer: Record<string, unknown>) => boolean) => {
      // A second client alternating /api/health and a small authenticated GET: how long everyone else waits.
      const others = probe(t.url, { health: { url: '/api/health' }, small: { url: smallGet, headers: operator } });
      const sample = await timed(async () => {
        const response = await request();
        const answer = (await response.json()) as Record<string, unknown>;
        if (!response.ok || !check(answer)) throw new Error(`${title} answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
        return 1;
      }).finally(() => others.stop().catch(() => undefined));
      const latencies = await others.stop();
      console.log(`\n${title}, ${engine.name} database: ${sample.seconds.toFixed(1)} s`);
      console.log(latencyLine('GET /api/health meanwhile', latencies.health));
      console.log(latencyLine(`GET ${smallGet.replace(String(small), '{id}')} (bearer) meanwhile`, latencies.small));
      console.log(latencyLine('both', [...latencies.health, ...latencies.small]));
    };

    const targetList = await newList('target');
    const addresses = Array.from({ length: sizes.target }, (_, i) => `target${i}@example.org`).join('\n');
    await run(
      `target list of ${sizes.target} addresses, mode replace (POST /api/amp/bo/target/new)`,
      () =>
        fetch(`${t.url}/api/amp/bo/target/new`, {
          method: 'POST',
          headers: { ...operator, 'content-type': 'application/json' },
          body: JSON.stringify({ internalname: String(targetList), societe: 'TGM', origin: 'bench', mode: 'replace', emails: Buffer.from(addresses).toString('base64') }),
        }),
      (answer) => answer.added === sizes.target,
    );

    const importList = await newList('import');
    const csv = Buffer.from(
      ['email,firstname,lastname,phone', ...Array.from({ length: sizes.import }, (_, i) => `user${i}@example.org,First${i},Last${i},06${String(i).padStart(8, '0')}`)].join('\n'),
    );
    await run(
      `CSV import of ${sizes.import} rows (POST /api/grps/{id}/import)`,
      () => fetch(`${t.url}/api/grps/${importList}/import`, { method: 'POST', headers: { ...operator, 'content-type': 'text/csv' }, body: csv }),
      (answer) => answer.added === sizes.import,
    );
  } finally {
    await t.close();
  }
}

export default async function bigRequestsBench(options: BenchOptions): Promise<void> {
  const sizes = options.quick ? { target: 2_000, import: 3_000 } : { target: 200_000, import: 300_000 };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-big-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchBigRequests(engine, dataDir, sizes);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
