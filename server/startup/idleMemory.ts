import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { exposedCollector } from './exposedGc';
import type { GlibcMalloc } from './glibcMalloc';

/** How often the process looks at whether it is quiet. */
const TICK_MS = 5_000;
/** The event loop busy less than this share of the last tick: nothing much is running. */
const QUIET_UTILIZATION = 0.05;
/** Resident memory grown this much above its low since the last release is worth a collection. */
const GROWTH_BYTES = 16 * 1024 * 1024;

export interface MemorySample {
  /** The event loop's utilization over the last tick, 0 to 1. */
  utilization: number;
  rss: number;
}

/** Whether to give memory back now: the process is quiet and has grown since it last did (`lowRss`: its low since then). */
export const shouldRelease = (sample: MemorySample, lowRss: number): boolean =>
  sample.utilization < QUIET_UTILIZATION && sample.rss > lowRss + GROWTH_BYTES;

/**
 * Once the server turns quiet after work (an import, a send, a burst of requests), one
 * incremental full collection and a malloc trim give back what the work left behind.
 *
 * Why a collection at all: V8's memory reducer, which shrinks the young generation (32 MiB
 * committed after any busy minute) and compacts the old one, starts only some seconds after a
 * full collection; a server whose last full collection happened mid-work never starts it and
 * keeps that memory while idle (measured: 32 MiB of young generation, 12 of it garbage, a
 * minute after the load ended). The collection here arms it. What malloc keeps: glibcMalloc.ts.
 */
export function releaseMemoryWhenIdle({
  malloc,
  log,
  collectDatabase,
}: {
  malloc: GlibcMalloc | null;
  log: FastifyBaseLogger;
  /** The embedded database thread's collection (Db.collectGarbage), run before the trim. */
  collectDatabase?: () => Promise<void>;
}): { stop(): void } {
  const collect = exposedCollector();
  // The lowest resident memory since the last release; none yet: starting (migrations, the
  // seed, a first start's database) is work too, so the first quiet tick releases.
  let low: number | null = null;
  let previous: EventLoopUtilization = performance.eventLoopUtilization();
  let releasing = false;
  const release = async (before: number) => {
    releasing = true;
    try {
      await collect({ type: 'major', execution: 'async' });
      await collectDatabase?.();
      await malloc?.trim();
      const after = process.memoryUsage.rss();
      log.debug({ rssMiB: Math.round(before / 1048576), afterMiB: Math.round(after / 1048576) }, 'memory given back while idle');
    } catch (error) {
      log.warn({ err: error }, 'giving memory back failed');
    } finally {
      low = process.memoryUsage.rss();
      releasing = false;
    }
  };
  const timer = setInterval(() => {
    const utilization = performance.eventLoopUtilization(previous);
    previous = performance.eventLoopUtilization();
    const sample = { utilization: utilization.utilization, rss: process.memoryUsage.rss() };
    // What the memory reducer gives back after a release lowers the mark too.
    if (low !== null) low = Math.min(low, sample.rss);
    if (!releasing && shouldRelease(sample, low ?? 0)) void release(sample.rss);
  }, TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
