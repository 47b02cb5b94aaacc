import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether an error says there is no room left: Node's (`ENOSPC`, `EDQUOT`) from our own
 * files, PostgreSQL's `disk_full` (SQLSTATE 53100: "could not extend file", a WAL segment it
 * could not write) from either engine.
 */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
  return error instanceof Error && /no space left on device|disk quota exceeded/i.test(error.message);
}

/** A write refused because the disk is full: the error handler answers 507. */
export class DiskFullError extends Error {
  readonly code = '53100';
  constructor() {
    super('disk full: writes are refused until space is back');
  }
}

export interface DiskWatch {
  /** True from the moment a write failed for lack of space (or room fell below the reserve) until space is back. */
  readonly full: boolean;
  /** Enters the full state when `error` says there is no room; answers whether it did. */
  report(error: unknown): boolean;
  /** Resolves at once when there is room, else when space is back. */
  whenRoom(): Promise<void>;
  stop(): void;
}

interface Log {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface DiskWatchOptions {
  /** The folder whose file system is watched (DATA_DIR). */
  dir: string;
  /** Room below which writes are refused before the disk is full (DISK_RESERVE_MB). */
  reserveBytes: number;
  log: Log;
  /** How often the free space is read. */
  everyMs?: number;
  /**
   * A write that must pass before the full state ends, beside the probe file: the database
   * server's (PostgreSQL keeps its files on a disk this process cannot measure).
   */
  probe?: () => Promise<void>;
  /** Free bytes for an unprivileged user on `dir`'s file system, null when unknown; statfs by default. */
  measure?: (dir: string) => Promise<number | null>;
}

async function statfsAvailable(dir: string): Promise<number | null> {
  try {
    const stats = await fs.promises.statfs(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null; // not created yet, or gone: nothing to say
  }
}

/** Written and removed to learn that a write passes again (a quota or a reserve of root's can refuse one that statfs allows). */
const PROBE_BYTES = 1024 * 1024;
const DEFAULT_EVERY_MS = 1000;

/**
 * The disk's state, measured every second (statfs: a few microseconds) and told by the
 * writes that failed. Entering and leaving the full state are each logged once.
 */
export function createDiskWatch({ dir, reserveBytes, log, everyMs = DEFAULT_EVERY_MS, probe, measure = statfsAvailable }: DiskWatchOptions): DiskWatch {
  let full = false;
  let checking = false;
  let waiting: Array<() => void> = [];

  const enter = (details: object) => {
    if (full) return;
    full = true;
    log.error({ dir, ...details }, 'disk full: writes answer 507, sending and imports wait until space is back');
  };
  const leave = (availableBytes: number) => {
    full = false;
    log.info({ dir, availableBytes }, 'disk space is back: writes, sending and imports resume');
    const resumed = waiting;
    waiting = [];
    for (const resume of resumed) resume();
  };
  const writable = async (): Promise<boolean> => {
    const file = path.join(dir, `.disk-probe.${process.pid}`);
    try {
      await fs.promises.writeFile(file, Buffer.alloc(PROBE_BYTES));
      await probe?.();
      return true;
    } catch {
      return false;
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  };
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const room = await measure(dir);
      if (room === null) return;
      if (!full && room < reserveBytes) enter({ availableBytes: room, reserveBytes });
      else if (full && room >= reserveBytes && (await writable())) leave(room);
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  void check();

  return {
    get full() {
      return full;
    },
    report(error) {
      if (!isOutOfSpace(error)) return false;
      // The code only: a message may name a file, and an outbox file is named by a Message-ID.
      enter({ code: (error as { code?: unknown }).code });
      return true;
    },
    whenRoom: () => (full ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    stop: () => clearInterval(timer),
  };
}
