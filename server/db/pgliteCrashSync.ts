import fs from 'node:fs';
import path from 'node:path';
import koffi from 'koffi';

/**
 * A start after a crash, without PostgreSQL's fsync of every file.
 *
 * When the control file says the cluster was not shut down cleanly, PostgreSQL fsyncs every
 * file of the data folder before it replays the WAL (`SyncDataDirectory`): what the killed
 * process wrote may still be only in the page cache. On the embedded engine that is some 3,000
 * fsyncs through WebAssembly's file layer, about a third of such a start (0.65 s against 0.43 s
 * without them, on a database just made). PostgreSQL can instead sync the whole file system
 * once (`recovery_init_sync_method=syncfs`), but PGlite's build has no syncfs.
 *
 * Here the server does it: one syncfs(2) of the data folder's file system before PostgreSQL
 * starts, after which an fsync of a file nothing has written since is known to be done
 * already (`FileSyncs` tracks the writes). Where syncfs cannot be called (no glibc), nothing
 * changes: every fsync is made.
 */

/** pg_control's `state` (ControlFileData, after a uint64 and two uint32): DBState's values. */
const STATE_OFFSET = 16;
const DB_SHUTDOWNED = 1;
const DB_SHUTDOWNED_IN_RECOVERY = 2;

/** Whether PostgreSQL will take the folder for crashed (and sync it all): its control file's state. */
export function startsAfterCrash(dataDir: string): boolean {
  let control: Buffer;
  try {
    control = fs.readFileSync(path.join(dataDir, 'global', 'pg_control'));
  } catch {
    return false;
  }
  if (control.length < STATE_OFFSET + 4) return false;
  const state = control.readUInt32LE(STATE_OFFSET);
  return state !== DB_SHUTDOWNED && state !== DB_SHUTDOWNED_IN_RECOVERY;
}

type Syncfs = (fd: number) => number;
let syncfs: Syncfs | null | undefined;

function loadSyncfs(): Syncfs | null {
  if (process.platform !== 'linux') return null;
  try {
    return koffi.load('libc.so.6').func('int syncfs(int fd)') as Syncfs;
  } catch {
    return null;
  }
}

/** syncfs(2) of the file system that holds `dir`; false when it could not be done. */
export function syncFileSystem(dir: string): boolean {
  syncfs ??= loadSyncfs();
  if (!syncfs) return false;
  const fd = fs.openSync(dir, 'r');
  try {
    return syncfs(fd) === 0;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The files written since the file system was last synced as a whole: an fsync of any other
 * is already done. Until `allSynced()`, every file counts as written.
 */
export class FileSyncs {
  private synced = false;
  private readonly written = new Set<string>();

  /** Whether writes are being told apart from synced files (after `allSynced()`), or every fsync is made. */
  get tracking(): boolean {
    return this.synced;
  }

  allSynced(): void {
    this.synced = true;
    this.written.clear();
  }

  /** A file's content or metadata changed, or a folder's entries. */
  wrote(file: string): void {
    if (this.synced) this.written.add(file);
  }

  /** Whether an fsync of `file` has anything to force to disk. */
  needsSync(file: string): boolean {
    return !this.synced || this.written.has(file);
  }

  /** `file` was forced to disk. */
  didSync(file: string): void {
    this.written.delete(file);
  }
}
