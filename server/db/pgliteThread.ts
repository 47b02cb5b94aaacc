import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startThreadEntry } from '../shared/threadEntry';
import type { Db, Queryable } from './types';
import { ownWrites } from './dataVersion';
import { fsyncTree } from './pgliteStorage';
import { findPgliteTemplate, removeLeftoverPartials } from './pgliteTemplate';
import { restartWhenLost, type OnLost } from './pgliteRestart';
import type { WorkerError, WorkerReply, WorkerRequest } from './pgliteProtocol';

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/** The thread's error as the server's: same `message`, `code` and PostgreSQL fields. */
function toError(error: WorkerError): Error {
  return Object.assign(new Error(error.message), error);
}

/**
 * The thread's young generation, in MiB. V8's default commits 32 MiB of new space for it, but
 * the thread's JavaScript only turns statements into PGlite calls and rows into messages (the
 * database's own memory is WebAssembly's, outside the V8 heap): 6 MiB (2 MiB semi-spaces) took
 * its heap from ~48 to ~22 MiB and the process's peak during a 20k send ~30 MiB lower, sends
 * as fast within the shared machine's noise.
 */
const YOUNG_GENERATION_MB = 6;

interface ThreadOptions {
  template?: string | null;
  /** Writes forced to disk before they are answered (pgliteStorage.ts). */
  durable: boolean;
}

function startWorker(dataDir: string | null, { template = null, durable }: ThreadOptions): Worker {
  return startThreadEntry(__dirname, 'pgliteWorker', {
    workerData: { dataDir, template, durable },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
}

/**
 * PGlite in a worker thread behind `Db` (see pgliteWorker.ts). A transaction is one unit in
 * the thread: its statements run in order there while other statements wait.
 */
export async function openPgliteThread(dataDir: string | null, options: ThreadOptions): Promise<Db> {
  if (dataDir) removeLeftoverPartials(dataDir);
  if (dataDir && !fs.existsSync(dataDir)) await createDatabase(dataDir, options.durable);
  // A database in memory has nothing to start again from.
  if (!dataDir) return startThread(dataDir, options);
  return restartWhenLost((onLost) => startThread(dataDir, options, onLost));
}

/**
 * Creating a database grows the WebAssembly heap (to ~800 MiB with initdb, ~300 MiB from the
 * template), which is never given back: the thread that serves must not be the one that
 * created it. The compiled server creates it in a process of its own, which gives back all it
 * used when it ends; a thread that ends leaves 20–70 MiB behind in the process (glibc's thread
 * arenas, V8's compiled WebAssembly), and the first start's high-water mark added the two
 * threads' (docs/decisions.md, «Performance as users run it (issue 27)»). In development and tests (sources run by tsx or
 * jest, where a process of its own would need the TypeScript loader), a first thread creates
 * it and ends.
 */
async function createDatabase(dataDir: string, durable: boolean): Promise<void> {
  const compiled = path.join(__dirname, 'pgliteTemplate.js');
  if (!fs.existsSync(compiled)) {
    await (await startThread(dataDir, { durable })).close();
    // Unpacked from the template: files PostgreSQL does not know it must sync.
    if (durable) fsyncTree(dataDir);
    return;
  }
  const child = fork(compiled, ['--create', dataDir, durable ? 'durable' : 'relaxed'], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('exit', resolve);
    child.once('error', reject);
  });
  if (code !== 0) throw new Error(`The embedded database could not be created in ${dataDir} (exit code ${code}).`);
}

async function startThread(dataDir: string | null, { template = findPgliteTemplate(), durable }: ThreadOptions, onLost?: OnLost): Promise<Db> {
  const worker = startWorker(dataDir, { template, durable });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let lastId = 0;
  /** Statements sent while another was pending: Db.queuedStatements. */
  let queued = 0;
  let stopped: Error | null = null;

  const settleAll = (error: Error) => {
    stopped ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('message', (message: WorkerReply) => {
    if (!message.ok && message.error.severity === 'PANIC') {
      // PostgreSQL gave up (a WAL segment it could not write on a full disk), in a statement
      // or in the thread's own checkpoint: PGlite's next statement would spin for ever. What
      // was committed is on disk; the thread goes, once.
      if (stopped) return;
      const error = toError(message.error);
      settleAll(error);
      void worker.terminate();
      return onLost?.(error);
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    // An idle database must not keep the process alive, as an idle pg pool does not.
    if (pending.size === 0) worker.unref();
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(toError(message.error));
  });
  worker.on('error', settleAll);
  worker.on('exit', (code) => settleAll(new Error(`The embedded database stopped (exit code ${code}).`)));

  const call = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = ++lastId;
      if (pending.size > 0) queued += 1;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...request, id });
    });

  // The thread's first message, id 0, says whether the database opened.
  const opened = new Promise<unknown>((resolve, reject) => pending.set(0, { resolve, reject }));
  await opened.catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  // This process is the embedded database's only writer: its own writes are all there are.
  const writes = ownWrites();
  const query: Queryable['query'] = writes.tracked((sql, params) => call<never[]>({ op: 'query', sql, params }));
  return {
    kind: 'pglite',
    query,
    dataVersion: writes.version,
    queuedStatements: () => queued,
    collectGarbage: () => call({ op: 'collect' }),
    backup: () => call<Uint8Array>({ op: 'backup' }),
    transaction: (work) =>
      writes.written(
        (async () => {
          const tx = await call<number>({ op: 'begin' });
          let result;
          try {
            result = await work({ query: (sql, params) => call({ op: 'query', sql, params, tx }) });
          } catch (error) {
            await call({ op: 'end', tx, commit: false }).catch(() => undefined);
            throw error;
          }
          await call({ op: 'end', tx, commit: true });
          return result;
        })(),
      ),
    close: async () => {
      if (stopped) return;
      await call({ op: 'close' });
      stopped = new Error('The embedded database is closed.');
      await worker.terminate();
    },
  };
}
