import { performance } from 'node:perf_hooks';

export interface Measurement {
  label: string;
  operations: number;
  seconds: number;
  perSecond: number;
}

/** Runs `work` for `operations` iterations after a warm-up, and measures wall time. */
export async function measure(label: string, operations: number, work: (i: number) => Promise<unknown>): Promise<Measurement> {
  for (let i = 0; i < Math.min(20, operations); i += 1) await work(i);
  const start = performance.now();
  for (let i = 0; i < operations; i += 1) await work(i);
  const seconds = (performance.now() - start) / 1000;
  return { label, operations, seconds, perSecond: operations / seconds };
}

/** Prints two measurements of the same work side by side, with ours as a share of the raw path. */
export function printRatio(title: string, ours: Measurement, raw: Measurement): void {
  const row = (m: Measurement) =>
    `  ${m.label.padEnd(44)} ${m.perSecond.toFixed(1).padStart(10)} ops/s  (${m.operations} in ${m.seconds.toFixed(2)} s)`;
  console.log(`\n${title}`);
  console.log(row(ours));
  console.log(row(raw));
  console.log(`  ratio ours/raw: ${(ours.perSecond / raw.perSecond).toFixed(2)}`);
}
