import fs from 'node:fs';
import path from 'node:path';
import { machine, type BenchOptions } from './measure';

/**
 * `npm run bench` runs every bench/*.bench.ts one after the other (one at a time: the
 * machine has two cores); `npm run bench -- NAME` runs those whose file name holds NAME;
 * `--quick` runs small sizes in one round (CI runs it so that the benchmarks cannot rot);
 * `--rounds=N` sets the number of A/B rounds (default 3, 1 when quick).
 * BENCH_DATABASE_URL (a PostgreSQL server) adds the PostgreSQL runs.
 */
async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const filter = args.find((arg) => !arg.startsWith('--')) ?? '';
  const rounds = Number(/^--rounds=(\d+)$/.exec(args.find((arg) => arg.startsWith('--rounds=')) ?? '')?.[1] ?? (quick ? 1 : 3));
  const options: BenchOptions = { quick, rounds, postgresUrl: process.env.BENCH_DATABASE_URL || null };
  const files = fs
    .readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
    .sort();
  if (files.length === 0) throw new Error(`no benchmark matches "${filter}"`);
  console.log(`${new Date().toISOString()} — ${machine()}${quick ? ' — quick run: small sizes, one round' : ''}`);
  for (const file of files) {
    console.log(`\n=== ${file}`);
    const bench = (await import(path.join(__dirname, file))) as { default: (options: BenchOptions) => Promise<void> };
    await bench.default(options);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
