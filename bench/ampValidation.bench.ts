import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApiServer, type RunningServer } from '../e2e/support/apiServer';
import { AMP4EMAIL_LIMITS } from '../server/shared/amp4email';
import { HOSTILE_AMP_SHAPE_NAMES, HOSTILE_AMP_SHAPES } from '../server/testing/hostileAmp';
import { signIn } from './support/api';
import { enginesFor, type Engine } from './support/engines';
import { latencyLine, median, percentile, probeHealth, type BenchOptions } from './measure';

/**
 * Issue 36: a 400 kB AMP document of each shape that held the server (`<1` repeated, an
 * unclosed `url(` in a style, thousands of attributes on one tag, `<rb>` or `<li><dd>` nested,
 * unclosed `{{`, `<div>` nested) is judged by `POST /api/delivery/amp/validation` in ≤ 1 s, and
 * while ten such requests run at once, `/api/health` keeps p99 < 50 ms. Against the compiled
 * server as users run it, over real sockets. Raw side: `/api/health` with nothing else running.
 */
const TARGET_JUDGED_MS = 1_000;
const TARGET_HEALTH_P99_MS = 50;
const CONCURRENT = 10;

async function judge(server: RunningServer, token: string, codeAmp: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/delivery/amp/validation`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ codeAmp }),
  });
  const answer = (await response.json()) as { errors?: unknown[] };
  if (response.status >= 500 || (response.status === 200 && !Array.isArray(answer.errors))) {
    throw new Error(`validation answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return { ms: performance.now() - started, status: response.status };
}

async function benchValidation(engine: Engine, options: BenchOptions): Promise<void> {
  const bytes = options.quick ? 40_000 : 2 * AMP4EMAIL_LIMITS.documentBytes;
  await engine.prepare();
  const server = await startApiServer({ ...engine.serverEnv }, { compiled: true });
  try {
    const token = await signIn(server);
    const documents = HOSTILE_AMP_SHAPE_NAMES.map((name) => ({ name, source: HOSTILE_AMP_SHAPES[name](bytes) }));
    // Warm-up: the validation thread starts with the first document.
    await judge(server, token, documents[0].source);

    console.log(`\nPOST /api/delivery/amp/validation, documents of ${bytes.toLocaleString('en')} bytes, ${engine.name} database`);
    const idle: number[] = [];
    const during: number[] = [];
    const alone: Record<string, number[]> = {};
    const statuses = new Map<number, number>();
    for (let round = 1; round <= options.rounds; round += 1) {
      const quiet = probeHealth(server.url);
      await new Promise((resolve) => setTimeout(resolve, options.quick ? 1000 : 3000));
      idle.push(...(await quiet.stop()));
      for (const { name, source } of documents) {
        const { ms, status } = await judge(server, token, source);
        (alone[name] ??= []).push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      // Ten at once, the shapes in turn, while a second client calls /api/health one request after the other.
      const health = probeHealth(server.url);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => judge(server, token, documents[(i + round) % documents.length].source)),
      ).finally(() => health.stop().catch(() => undefined));
      const latencies = await health.stop();
      during.push(...latencies);
      for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      console.log(`round ${round}: ${CONCURRENT} at once answered in ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms (the last)`);
      console.log(latencyLine('  GET /api/health meanwhile', latencies));
    }

    console.log(`\nAll rounds, ${engine.name} database (ours vs target):`);
    for (const name of HOSTILE_AMP_SHAPE_NAMES) {
      const worst = Math.max(...alone[name]);
      console.log(
        `  ${name}: judged in ${median(alone[name]).toFixed(0)} ms median, ${worst.toFixed(0)} ms worst — target ≤ ${TARGET_JUDGED_MS} ms: ${worst <= TARGET_JUDGED_MS ? 'met' : 'MISSED'}`,
      );
    }
    console.log(latencyLine('raw: GET /api/health, nothing else running', idle));
    const p99 = percentile(during, 99);
    console.log(latencyLine(`GET /api/health while ${CONCURRENT} validations run`, during));
    console.log(`  ours p99 ${p99.toFixed(1)} ms vs target < ${TARGET_HEALTH_P99_MS} ms: ${p99 < TARGET_HEALTH_P99_MS ? 'met' : 'MISSED'}`);
    console.log(`  answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
  } finally {
    await server.stop();
  }
}

export default async function ampValidationBench(options: BenchOptions): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-amp-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchValidation(engine, options);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
