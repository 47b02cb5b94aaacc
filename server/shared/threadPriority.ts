import os from 'node:os';

/**
 * Lowers the calling thread's priority to `nice` (Linux: a thread's priority is its own, and
 * pid 0 names the calling thread), so that the event loop and the database's thread (nice 0)
 * get the processor first. Where the system refuses, the default stays.
 */
export function lowerThreadPriority(nice: unknown): void {
  if (typeof nice !== 'number') return;
  try {
    os.setPriority(0, nice);
  } catch {
    // Not permitted here: the work still runs off the event loop.
  }
}
