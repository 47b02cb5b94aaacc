import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** How `npm run bench` was asked to run: `--quick` is small sizes and one round (CI). */
export interface BenchOptions {
  quick: boolean;
  /** A/B rounds, interleaved; medians are reported. */
  rounds: number;
  /** PostgreSQL to bench on as well (BENCH_DATABASE_URL), beside the embedded database. */
  postgresUrl: string | null;
}

/** One run of one side: `operations` (messages, rows, requests…) done in `seconds`. */
export interface Sample {
  operations: number;
  seconds: number;
}

export interface Side {
  label: string;
  run(round: number): Promise<Sample>;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Each of `requests` calls' duration in ms, one after the other, after `warmup` untimed calls. */
export async function latencies(requests: number, work: (i: number) => Promise<unknown>, warmup = 10): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await work(i);
  const durations: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const start = performance.now();
    await work(i);
    durations.push(performance.now() - start);
  }
  return durations;
}

export const rate = (sample: Sample) => sample.operations / sample.seconds;
const fmt = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(2)).padStart(9);

/** Times `work`, which answers how many operations it did. */
export async function timed(work: () => Promise<number>): Promise<Sample> {
  const start = performance.now();
  const operations = await work();
  return { operations, seconds: (performance.now() - start) / 1000 };
}

/** The machine's busy and total CPU time so far, in clock ticks, all CPUs (`/proc/stat`; steal excluded). */
function machineCpu(): { busy: number; total: number } {
  const [user, nice, system, idle, iowait, irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy, total: busy + idle + iowait };
}

/** Under this share of all CPUs busy over a window, the machine counts as quiet (idle here: 0–2 %). */
const QUIET_SHARE = 0.05;
const QUIET_WINDOW_MS = 1000;
/**
 * Quiet this long in a row: longer than the server's idle-memory tick (5 s, idleMemory.ts),
 * so that the release it makes once a turn is over falls before the next turn, not in it.
 */
const QUIET_FOR_MS = 6000;
/** A machine shared with other work may never be quiet: each side then waits this long at most. */
const QUIET_WAIT_MAX_MS = 60_000;

/**
 * Waits until the machine is quiet: what one side left running after its turn otherwise runs
 * during the other side's. Measured on two cores (issue 27): after its turn, three background
 * threads of the raw PGlite process went on for 1.9 s of CPU inside the next 13-second import
 * of ours; the server gives memory back once idle; PostgreSQL writes after a bulk load.
 * Answers how long it waited.
 */
export async function waitForQuietMachine(): Promise<number> {
  const start = performance.now();
  if (!fs.existsSync('/proc/stat')) return 0;
  let quietSince = start;
  for (;;) {
    const before = machineCpu();
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const after = machineCpu();
    const now = performance.now();
    if ((after.busy - before.busy) / Math.max(1, after.total - before.total) >= QUIET_SHARE) quietSince = now;
    if (now - quietSince >= QUIET_FOR_MS || now - start >= QUIET_WAIT_MAX_MS) return now - start;
  }
}

/**
 * Runs ours and the raw side alternately, `rounds` times (who goes first alternates too, so
 * that a machine slowing down or warming up weighs on both), and prints each round, the
 * medians, the ratio of the medians and each round's ratio. Answers the medians (operations
 * per second), their ratio and the lowest round's ratio. `settle`: each side's turn starts
 * once the machine is quiet (waitForQuietMachine), after `beforeTurn` if given, both untimed.
 */
export async function compare(
  title: string,
  unit: string,
  ours: Side,
  raw: Side,
  rounds: number,
  { settle = false, beforeTurn }: { settle?: boolean; beforeTurn?: () => Promise<void> } = {},
): Promise<{ ours: number; raw: number; ratio: number; lowest: number }> {
  const rates = { ours: [] as number[], raw: [] as number[] };
  const waits: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order: ['ours' | 'raw', Side][] = round % 2 === 0 ? [['ours', ours], ['raw', raw]] : [['raw', raw], ['ours', ours]];
    for (const [name, side] of order) {
      await beforeTurn?.();
      if (settle) waits.push(await waitForQuietMachine());
      rates[name].push(rate(await side.run(round)));
    }
  }
  const result = { ours: median(rates.ours), raw: median(rates.raw), ratio: median(rates.ours) / median(rates.raw) };
  console.log(`\n${title} (${unit}, median of ${rounds} interleaved round${rounds > 1 ? 's' : ''})`);
  const row = (label: string, all: number[], value: number) =>
    console.log(`  ${label.padEnd(58)} ${fmt(value)}   rounds: ${all.map((v) => v.toFixed(0)).join(', ')}`);
  row(`ours: ${ours.label}`, rates.ours, result.ours);
  row(`raw:  ${raw.label}`, rates.raw, result.raw);
  // Each round's own ratio too: a target is met when every round meets it, not the median alone.
  const perRound = rates.ours.map((value, i) => value / rates.raw[i]);
  console.log(
    `  ratio ours/raw: ${result.ratio.toFixed(2)}` +
      (rounds > 1 ? `   per round: ${perRound.map((r) => r.toFixed(2)).join(', ')} (lowest ${Math.min(...perRound).toFixed(2)})` : ''),
  );
  if (settle) {
    const longest = Math.max(...waits);
    console.log(
      longest >= QUIET_WAIT_MAX_MS
        ? `  ⚠ a turn started on a busy machine (not quiet after ${QUIET_WAIT_MAX_MS / 1000} s)`
        : `  each turn started on a machine quiet for ${QUIET_FOR_MS / 1000} s (waited ${(longest / 1000).toFixed(1)} s at most)`,
    );
  }
  return { ...result, lowest: Math.min(...perRound) };
}

/** Resident memory of a process (VmRSS) or its peak since start (VmHWM), in MiB (Linux). */
export function rssMiB(pid: number = process.pid, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const kib = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kib / 1024;
}

/** Samples a process's RSS every 50 ms until stopped; answers the peak seen. */
export function sampleRss(pid: number = process.pid): { stop(): number } {
  return samplePeak(() => rssMiB(pid), 50);
}

/** The largest value `read` gave, read every `everyMs` until stopped (and once more then). */
export function samplePeak(read: () => number, everyMs: number): { stop(): number } {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

/** A request a probe makes: a path of the server, and headers (a bearer) when it needs them. */
export interface ProbeRequest {
  url: string;
  headers?: Record<string, string>;
}

/**
 * Calls the requests in turn, one after the other (10 ms apart), until stopped: how long the
 * server takes to answer others while it works. Answers each request's latencies.
 */
export function probe<K extends string>(baseUrl: string, requests: Record<K, ProbeRequest>): { stop(): Promise<Record<K, number[]>> } {
  const names = Object.keys(requests) as K[];
  const latencies = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i += 1) {
      const name = names[i % names.length];
      const { url, headers } = requests[name];
      const start = performance.now();
      const response = await fetch(`${baseUrl}${url}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      latencies[name].push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** `/api/health` alone, one request after the other: the event loop's availability while the server works. */
export function probeHealth(baseUrl: string): { stop(): Promise<number[]> } {
  const health = probe(baseUrl, { health: { url: '/api/health' } });
  return { stop: async () => (await health.stop()).health };
}

export const latencyLine = (label: string, latencies: number[]) =>
  `  ${label}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (${latencies.length} requests)`;

/** The machine the figures come from, for bench/RESULTS.md. */
export function machine(): string {
  const cpus = os.cpus();
  const [one] = os.loadavg();
  return `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${one.toFixed(2)} at start`;
}

/** Runs `work` `operations` times one after the other (after a short warm-up the first time). */
export function loop(operations: number, work: (i: number) => Promise<unknown>): () => Promise<Sample> {
  let warm = false;
  return async () => {
    if (!warm) {
      for (let i = 0; i < Math.min(20, operations); i += 1) await work(i);
      warm = true;
    }
    return timed(async () => {
      for (let i = 0; i < operations; i += 1) await work(i);
      return operations;
    });
  };
}

export interface Measurement extends Sample {
  label: string;
  perSecond: number;
}

/** Prints two measurements taken together (one run each, e.g. in one browser session), with their ratio. */
export function printRatio(title: string, ours: Measurement, raw: Measurement): void {
  const row = (m: Measurement) =>
    `  ${m.label.padEnd(58)} ${fmt(m.perSecond)}   (${m.operations} in ${m.seconds.toFixed(3)} s)`;
  console.log(`\n${title}`);
  console.log(row(ours));
  console.log(row(raw));
  console.log(`  ratio ours/raw: ${(ours.perSecond / raw.perSecond).toFixed(2)}`);
}
