import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportWithSecrets } from '../server/modules/rapports/reportFixture';
import { enginesFor, type Engine } from './support/engines';
import { startBenchApp } from './support/inProcessApp';
import { latencyLine, percentile, probeHealth, timed, type BenchOptions } from './measure';

/** Issue 43's target: `/api/health` answers under this (p99) while reports come in. */
const HEALTH_P99_MS = 50;
const CLIENTS = 10;

/** A report of about 1 MiB: a 700 kB picture, and states of a list page (60 steps). */
function reportOfOneMiB(): string {
  const base = reportWithSecrets();
  const lifted = JSON.parse(base.trace.payload) as { computedStates: { state: Record<string, unknown> }[] };
  const state = lifted.computedStates[0].state;
  lifted.computedStates = Array.from({ length: 60 }, (_, step) => ({
    state: { ...state, rows: Array.from({ length: 40 }, (_, row) => ({ id: row, title: `Vidéo ${step}-${row} au titre assez long`, email: `c${row}@example.org` })) },
  }));
  const screenshot = `data:image/png;base64,${'iVBORw0KGgo'.repeat(75_000)}`;
  return JSON.stringify({ ...base, trace: { ...base.trace, payload: JSON.stringify(lifted) }, screenshot });
}

/**
 * Issue 43: 1,000 reports of 1 MiB sent by 10 clients at once (`POST /api/rapports`, each
 * redacted and stored), while another client calls `/api/health`: its p99 must stay under
 * 50 ms. Over real sockets to the real server, on a file-backed embedded database (and on
 * PostgreSQL with BENCH_DATABASE_URL).
 */
async function benchReports(engine: Engine, dataDir: string, count: number): Promise<void> {
  // Every client here shares one address: the per-address limit is lifted for the bench.
  const t = await startBenchApp(engine, dataDir, { env: { BUG_REPORT_RATE_LIMIT: '100000' } });
  try {
    const body = reportOfOneMiB();
    let sent = 0;
    const client = async () => {
      while (sent < count) {
        sent += 1;
        const response = await fetch(`${t.url}/api/rapports`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (response.status !== 201) throw new Error(`a report answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
        await response.arrayBuffer();
      }
      return 0;
    };
    const health = probeHealth(t.url);
    const sample = await timed(async () => {
      await Promise.all(Array.from({ length: CLIENTS }, client));
      return count;
    }).finally(() => health.stop().catch(() => undefined));
    const latencies = await health.stop();
    const p99 = percentile(latencies, 99);
    console.log(`\n${count} reports of ${(body.length / 2 ** 20).toFixed(2)} MiB from ${CLIENTS} clients, ${engine.name} database: ${sample.seconds.toFixed(1)} s (${(count / sample.seconds).toFixed(1)} reports/s)`);
    console.log(latencyLine('GET /api/health meanwhile', latencies));
    console.log(`  p99 ${p99.toFixed(1)} ms against the ${HEALTH_P99_MS} ms target: ${p99 < HEALTH_P99_MS ? 'within' : 'OVER'}`);
  } finally {
    await t.close();
  }
}

export default async function bugReportsBench(options: BenchOptions): Promise<void> {
  const count = options.quick ? 40 : 1_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-reports-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchReports(engine, dataDir, count);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
