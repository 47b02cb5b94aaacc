import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { machine, type BenchOptions } from './measure';

/**
 * `npm run bench` runs every bench/*.bench.ts one after the other (one at a time: the
 * machine has two cores); `npm run bench -- NAME` runs those whose file name holds NAME;
 * `--quick` runs small sizes in one round, two files at a time (CI runs it so that the
 * benchmarks cannot rot: a check, not a measure);
 * `--rounds=N` sets the number of A/B rounds (default 3, 1 when quick).
 * BENCH_DATABASE_URL (a PostgreSQL server) adds the PostgreSQL runs. Each file runs in a
 * process of its own (`--file=NAME`, which this script passes to itself).
 */
async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = /^--file=(.+)$/.exec(args.find((arg) => arg.startsWith('--file=')) ?? '')?.[1];
  const filter = args.find((arg) => !arg.startsWith('--')) ?? '';
  const rounds = Number(/^--rounds=(\d+)$/.exec(args.find((arg) => arg.startsWith('--rounds=')) ?? '')?.[1] ?? (quick ? 1 : 3));
  const options: BenchOptions = { quick, rounds, postgresUrl: process.env.BENCH_DATABASE_URL || null };
  if (only) {
    const bench = (await import(path.join(__dirname, only))) as { default: (options: BenchOptions) => Promise<void> };
    // In the collection bench, closing the app after the load waited on something that holds
    // no handle (not found): with nothing else alive, Node ended the process between engines.
    const alive = setInterval(() => undefined, 1000);
    try {
      await bench.default(options);
    } finally {
      clearInterval(alive);
    }
    return;
  }
  const files = fs
    .readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
    .sort();
  if (files.length === 0) throw new Error(`no benchmark matches "${filter}"`);
  console.log(`${new Date().toISOString()} — ${machine()}${quick ? ' — quick run: small sizes, one round, two files at a time' : ''}`);
  // A quick run checks that every bench still works (CI runs it), it measures nothing: two
  // files at a time, each one's output held until it ends so that the log reads file by file.
  // A measuring run takes one file at a time, its output as it comes.
  const jobs = quick ? 2 : 1;
  // The production build the compiled-server benches run, made once here when stale: two files
  // at a time must not both rebuild it (a rebuild empties build/server first).
  const build = spawnSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build.js'), '--if-needed'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the production build failed (see above)');
  const passed = args.filter((arg) => arg.startsWith('--'));
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      if (!quick) console.log(`\n=== ${file}`);
      const { code, output, seconds } = await runFile(file, passed, quick);
      if (quick) process.stdout.write(`\n=== ${file}\n${output}`);
      console.log(`  (${file}: ${seconds.toFixed(0)} s)`);
      if (code !== 0) failures.push(`${file} (exit code ${code})`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  if (failures.length > 0) throw new Error(`failed: ${failures.join(', ')}`);
}

/**
 * One bench file in a fresh process: what a bench leaves in memory (a heap grown by another's
 * data) must not slow the raw side of the next, which runs in that process. `hold`: its output
 * is answered rather than written as it comes.
 */
function runFile(file: string, args: string[], hold: boolean): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = Date.now();
  const child = fork(__filename, [...args, `--file=${file}`], {
    execArgv: process.execArgv,
    stdio: hold ? ['ignore', 'pipe', 'pipe', 'ipc'] : 'inherit',
  });
  let output = '';
  // Decoded as streams: a character split between two chunks stays whole.
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // 'close' comes after the output streams end, 'exit' may come before.
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output, seconds: (Date.now() - started) / 1000 })));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
