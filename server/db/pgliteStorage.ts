import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { POSTGRESQL_CONF } from './pgliteSettings';
import { FileSyncs, startsAfterCrash, syncFileSystem } from './pgliteCrashSync';

/**
 * How the embedded database reaches the disk (docs/decisions.md, issue 36).
 *
 * PGlite starts PostgreSQL with `-F` (fsync=off), and its Node file layer (Emscripten's NODEFS)
 * has no fsync: PostgreSQL's fsync() reaches WASI's `fd_sync`, which calls the file's
 * `stream_ops.fsync` when there is one, and NODEFS has none. A write it acknowledged was in
 * the OS's page cache only: it survived a killed process, not a power loss.
 *
 * Durable (the default): PostgreSQL runs with fsync=on and `wal_sync_method=fsync`, and NODEFS
 * gets an fsync that calls the real one. PostgreSQL then does what it does on a disk of its
 * own: the WAL is forced to disk before a commit is answered, data files before a checkpoint
 * counts them written. (`fdatasync`, the Linux default, is a no-op in Emscripten: not used.)
 */

/**
 * The WAL's bounds. PGlite runs PostgreSQL as a single user, with no checkpointer: nothing
 * checkpoints when `max_wal_size` is reached (pgliteCheckpoints.ts does); `min_wal_size` is
 * what a checkpoint keeps as recycled segments (80 MB by default): two 16 MB segments.
 */
const WAL_CONF = ['min_wal_size=32MB', 'max_wal_size=64MB'];

/**
 * NODEFS with fsync: the file's own, or its folder's (PostgreSQL syncs folders after renames).
 * After a crash, the whole file system is synced first and the fsyncs of files written by no
 * one since are skipped (pgliteCrashSync.ts).
 */
class DurableNodeFS extends NodeFS {
  private readonly syncs = new FileSyncs();

  async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options);
    if (startsAfterCrash(this.rootDir) && syncFileSystem(this.rootDir)) this.syncs.allSynced();
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [...(Array.isArray(preRun) ? preRun : [preRun]), (mod: unknown) => addFsync(mod, this.syncs)];
    return result;
  }
}

interface FsNode {
  parent: FsNode;
}

interface NodeStream {
  nfd?: number;
  node: FsNode;
}

type Op = (...args: never[]) => unknown;

interface Nodefs {
  stream_ops: Record<string, Op>;
  node_ops: Record<string, Op>;
  realPath(node: FsNode): string;
}

/** Wraps NODEFS's `op` so that `touched` hears which files and folders it changes. */
function tracked(ops: Record<string, Op>, op: string, touched: (...args: never[]) => void): void {
  const original = ops[op];
  ops[op] = (...args: never[]) => {
    const result = original(...args);
    touched(...args);
    return result;
  };
}

function addFsync(mod: unknown, syncs: FileSyncs): void {
  const nodefs = (mod as { NODEFS: Nodefs }).NODEFS;
  const pathOf = (node: FsNode) => nodefs.realPath(node);
  if (syncs.tracking) trackWrites(nodefs, syncs);
  nodefs.stream_ops.fsync = ((stream: NodeStream) => {
    const file = pathOf(stream.node);
    if (!syncs.needsSync(file)) return 0;
    // NODEFS opens no descriptor for a folder: open one to sync it.
    if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
    else fsyncPath(file);
    syncs.didSync(file);
    return 0;
  }) as Op;
}

/** What PostgreSQL changes (file contents and sizes, folders' entries), told to `syncs`: only after a crash's syncfs, off every write otherwise. */
function trackWrites(nodefs: Nodefs, syncs: FileSyncs): void {
  const pathOf = (node: FsNode) => nodefs.realPath(node);
  const entry = (folder: FsNode, name: string) => path.join(pathOf(folder), name);
  tracked(nodefs.stream_ops, 'write', (stream: NodeStream) => syncs.wrote(pathOf(stream.node)));
  tracked(nodefs.stream_ops, 'setattr', (stream: NodeStream) => syncs.wrote(pathOf(stream.node)));
  tracked(nodefs.node_ops, 'setattr', (node: FsNode) => syncs.wrote(pathOf(node)));
  for (const op of ['mknod', 'symlink', 'unlink', 'rmdir']) {
    tracked(nodefs.node_ops, op, (folder: FsNode, name: string) => {
      syncs.wrote(pathOf(folder));
      syncs.wrote(entry(folder, name));
    });
  }
  tracked(nodefs.node_ops, 'rename', (node: FsNode, folder: FsNode, name: string) => {
    syncs.wrote(pathOf(node.parent));
    syncs.wrote(pathOf(folder));
    syncs.wrote(entry(folder, name));
  });
}

function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Forces a whole folder to disk, files and folders: a database unpacked from a dump (the
 * template, a backup) was written by PGlite's tar reader, which PostgreSQL does not know it
 * must sync.
 */
export function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(full);
    else if (entry.isFile()) fsyncPath(full);
  }
  fsyncPath(dir);
}

/** After a rename: the folder that holds the new name. */
export const fsyncParent = (file: string) => fsyncPath(path.dirname(path.resolve(file)));

/**
 * PGlite's options for a database in `dataDir` (null: in memory, where there is no disk to
 * reach). `durable: false` keeps PGlite's own way (no fsync at all): EMBEDDED_DB_FSYNC=off.
 */
export function storageOptions(dataDir: string | null, durable = true): PGliteOptions {
  if (!dataDir) return { postgresqlconf: POSTGRESQL_CONF };
  const postgresqlconf = [...POSTGRESQL_CONF, ...WAL_CONF];
  if (!durable) return { dataDir, postgresqlconf };
  const startParams = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];
  return { fs: new DurableNodeFS(dataDir), startParams, postgresqlconf };
}
