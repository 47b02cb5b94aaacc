import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer, type RunningServer } from '../e2e/support/apiServer';
import { ADMIN, csvOf, importCsv, newList, signIn } from './support/api';
import { enginesFor, type Engine } from './support/engines';
import { IMPORT_HEADER, importRow, startRawPglite, startRawPostgres, type RawInserter } from './support/rawInsert';
import { compare, latencyLine, probeHealth, rate, rssMiB, sampleRss, timed, type BenchOptions } from './measure';

/** Rows of the untimed import each side runs first. */
const WARM_UP_ROWS = 10_000;

/**
 * Starts the compiled server on `dataDir` and the raw side on the same engine. The embedded
 * engine's raw side opens a copy of the server's database, taken while the server is stopped
 * after its first start (migrated and seeded): PGlite opens a folder from one process only.
 */
async function startBoth(engine: Engine, dataDir: string): Promise<{ server: RunningServer; raw: RawInserter }> {
  const env = { ...engine.serverEnv, DATA_DIR: dataDir, FEED_REFRESH_MINUTES: '0' };
  await engine.prepare();
  const start = () => startApiServer(env, { compiled: true });
  if (engine.name !== 'embedded') {
    const server = await start();
    return { server, raw: await startRawPostgres(engine, ADMIN.email) };
  }
  await (await start()).stop();
  const copy = path.join(dataDir, 'raw-pglite');
  fs.cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
  const server = await start();
  return { server, raw: await startRawPglite(copy, ADMIN.email) };
}

/**
 * Ours: the compiled server run as the README runs it (NODE_ENV=production) in a process of
 * its own, the CSV posted over a socket to POST /api/grps/{id}/import (HTTP, streamed
 * decoding and parsing, validation, batched inserts with their consent events). Raw: the same
 * rows inserted by the same engine in one `INSERT … SELECT FROM unnest(…)`, timed alone: on
 * PostgreSQL through the same driver from this process, embedded by a second PGlite (same
 * version, same settings) in a process of its own on a copy of the server's database. Each
 * round fills a fresh list on each side; the embedded database is file-backed, as the product
 * runs it.
 */
async function benchImport(engine: Engine, rows: number, options: BenchOptions): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-import-'));
  const { server, raw } = await startBoth(engine, dataDir);
  try {
    const pid = server.serverPid();
    const token = await signIn(server);
    const csv = csvOf(IMPORT_HEADER, rows, importRow);
    let peakRss = 0;
    /** One import of the whole file into a new list, over HTTP. */
    const importOnce = async () => {
      const listId = await newList(server, token);
      const rss = sampleRss(pid);
      const sample = await timed(async () => {
        await importCsv(server, token, listId, csv, rows);
        return rows;
      });
      peakRss = Math.max(peakRss, rss.stop());
      return sample;
    };
    // One untimed import on each side first: the raw side's PGlite starts cold (its
    // WebAssembly not yet optimized by V8), the server's has already migrated and seeded.
    const warmUp = Math.min(rows, WARM_UP_ROWS);
    await importCsv(server, token, await newList(server, token), csvOf(IMPORT_HEADER, warmUp, importRow), warmUp);
    await raw.insert(warmUp);

    await compare(
      `contacts import of ${rows} rows, ${engine.name} database`,
      'rows/s',
      { label: 'CSV over HTTP to POST /api/grps/{id}/import', run: importOnce },
      {
        label: `INSERT … SELECT FROM unnest, same rows, ${engine.name === 'embedded' ? 'PGlite in its own process' : 'same driver'}`,
        run: () => raw.insert(rows),
      },
      options.rounds,
      { settle: !options.quick, beforeTurn: () => engine.settle() },
    );
    // The latency probe runs in an import of its own, outside the timed rounds: its requests
    // are work the raw side would not do.
    const probe = probeHealth(server.url);
    const probed = await importOnce();
    const health = await probe.stop();
    console.log(
      `  server memory: peak RSS sampled during the imports ${peakRss.toFixed(0)} MiB, ` +
        `high-water mark since its start (VmHWM) ${rssMiB(pid, 'VmHWM').toFixed(0)} MiB` +
        (raw.pid ? `; raw PGlite process VmHWM ${rssMiB(raw.pid, 'VmHWM').toFixed(0)} MiB` : ''),
    );
    console.log(latencyLine(`GET /api/health during one more import (${rate(probed).toFixed(0)} rows/s meanwhile)`, health));
  } finally {
    await raw.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function contactsImportBench(options: BenchOptions): Promise<void> {
  const rows = options.quick ? 2_000 : 100_000;
  for (const engine of enginesFor(options, os.tmpdir())) {
    try {
      await benchImport(engine, rows, options);
    } finally {
      await engine.drop();
    }
  }
}
