import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { machine, type BenchOptions } from './measure';

/**
 * `npm run bench` runs every bench/*.bench.ts one after the other (one at a time: the
 * machine has two cores); `npm run bench -- NAME` runs those whose file name holds NAME;
 * `--quick` runs small sizes in one round (CI runs it so that the benchmarks cannot rot);
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
  console.log(`${new Date().toISOString()} — ${machine()}${quick ? ' — quick run: small sizes, one round' : ''}`);
  for (const file of files) {
    console.log(`\n=== ${file}`);
    // Each in a fresh process: what a bench leaves in memory (a heap grown by another's data)
    // must not slow the raw side of the next, which runs in this process.
    const child = fork(__filename, [...args.filter((arg) => arg.startsWith('--')), `--file=${file}`], { execArgv: process.execArgv });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`${file} failed (exit code ${code})`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
