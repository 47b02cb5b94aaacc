import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer, type RunningServer } from '../e2e/support/apiServer';
import { ADMIN, csvOf, importCsv, newList, signIn } from './support/api';
import { enginesFor, type Engine } from './support/engines';
import { IMPORT_HEADER, importRow, startRawPglite, startRawPostgres, type RawInserter } from './support/rawInsert';
import { compare, latencyLine, median, probeHealth, rate, rssMiB, samplePeak, sampleRss, timed, type BenchOptions } from './measure';

/** Rows of the untimed import each side runs first. */
const WARM_UP_ROWS = 10_000;
/** The embedded engine's WAL bound through a 100,000-row import (its checkpoints: pgliteCheckpoints.ts). */
const WAL_BOUND_MIB = 64;

const folderMiB = (dir: string) =>
  (fs.readdirSync(dir, { withFileTypes: true }) as fs.Dirent[]).reduce(
    (sum, entry) => sum + (entry.isFile() ? fs.statSync(path.join(dir, entry.name), { throwIfNoEntry: false })?.size ?? 0 : 0),
    0,
  ) / 1024 / 1024;


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
  const { server: first, raw } = await startBoth(engine, dataDir);
  /** The server under test; the restarts replace it. */
  const live = { server: first };
  const embedded = engine.name === 'embedded';
  const walDir = path.join(dataDir, 'pglite', 'pg_wal');
  try {
    const token = await signIn(live.server);
    const csv = csvOf(IMPORT_HEADER, rows, importRow);
    let peakRss = 0;
    let peakWal = 0;
    /** One import of the whole file into a new list, over HTTP. */
    const importOnce = async () => {
      const { server } = live;
      const listId = await newList(server, token);
      const rss = sampleRss(server.serverPid());
      const wal = embedded ? samplePeak(() => folderMiB(walDir), 100) : null;
      const sample = await timed(async () => {
        await importCsv(server, token, listId, csv, rows);
        return rows;
      });
      peakRss = Math.max(peakRss, rss.stop());
      peakWal = Math.max(peakWal, wal?.stop() ?? 0);
      return sample;
    };
    // One untimed import on each side first: the raw side's PGlite starts cold (its
    // WebAssembly not yet optimized by V8), the server's has already migrated and seeded.
    const warmUp = Math.min(rows, WARM_UP_ROWS);
    await importCsv(live.server, token, await newList(live.server, token), csvOf(IMPORT_HEADER, warmUp, importRow), warmUp);
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
    const probe = probeHealth(live.server.url);
    const probed = await importOnce();
    const health = await probe.stop();
    console.log(
      `  server memory: peak RSS sampled during the imports ${peakRss.toFixed(0)} MiB, ` +
        `high-water mark since its start (VmHWM) ${rssMiB(live.server.serverPid(), 'VmHWM').toFixed(0)} MiB` +
        (raw.pid ? `; raw PGlite process VmHWM ${rssMiB(raw.pid, 'VmHWM').toFixed(0)} MiB` : ''),
    );
    console.log(latencyLine(`GET /api/health during one more import (${rate(probed).toFixed(0)} rows/s meanwhile)`, health));
    if (embedded) {
      console.log(`  WAL folder high-water mark during the imports: ${peakWal.toFixed(1)} MiB (bound ${WAL_BOUND_MIB} MiB${peakWal > WAL_BOUND_MIB ? ': OVER' : ': within'})`);
      await restartTimes(live, () => startApiServer({ ...engine.serverEnv, DATA_DIR: dataDir, FEED_REFRESH_MINUTES: '0' }, { compiled: true }), importOnce, options);
    }
  } finally {
    await raw.close();
    await live.server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * How long the embedded server takes to start after a clean stop and after a SIGKILL, each
 * right after the same import: PostgreSQL replays its WAL since the last checkpoint after a
 * kill, so the checkpoints decide the difference. Interleaved, median of the rounds.
 */
async function restartTimes(
  live: { server: RunningServer },
  start: () => Promise<RunningServer>,
  importOnce: () => Promise<unknown>,
  options: BenchOptions,
): Promise<void> {
  const afterStop: number[] = [];
  const afterKill: number[] = [];
  const restart = async (end: () => Promise<void>, into: number[]) => {
    await importOnce();
    await end();
    const started = performance.now();
    live.server = await start();
    into.push((performance.now() - started) / 1000);
  };
  for (let round = 0; round < options.rounds; round += 1) {
    await restart(() => live.server.stop(), afterStop);
    await restart(() => live.server.crash(), afterKill);
  }
  const stopped = median(afterStop);
  const killed = median(afterKill);
  console.log(
    `  start right after an import: after a clean stop ${stopped.toFixed(2)} s, after a SIGKILL ${killed.toFixed(2)} s ` +
      `(ratio ${(killed / stopped).toFixed(2)}; median of ${options.rounds})`,
  );
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
