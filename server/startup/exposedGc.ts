import v8 from 'node:v8';
import vm from 'node:vm';

export type Collect = (options: { type: 'major'; execution: 'async' }) => Promise<void>;

/**
 * V8's `gc()` without starting the process with --expose-gc (which would also leave it on
 * `globalThis` for every module): a context made while the flag is on gets it, then the flag
 * goes off again. A process started with --expose-gc keeps its own function and flag. Works
 * in a worker thread too, for that thread's heap.
 */
export function exposedCollector(): Collect {
  const own = (globalThis as { gc?: Collect }).gc;
  if (typeof own === 'function') return own;
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as Collect;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
