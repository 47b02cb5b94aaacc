import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { exposedCollector, type Collect } from '../startup/exposedGc';
import { ENGINE_LOST, type WorkerError, type WorkerReply, type WorkerRequest } from './pgliteProtocol';
import { scheduleCheckpoints } from './pgliteCheckpoints';
import { backupDump } from './pgliteBackup';
import { storageOptions } from './pgliteStorage';

/**
 * The embedded database's own thread. PGlite (PostgreSQL compiled to WebAssembly) runs each
 * statement synchronously: on the server's event loop it froze HTTP for as long as a query
 * ran; here it blocks only this thread. `pgliteThread.ts` is the server's end.
 */

// Numbers come back as numbers and timestamps as ISO strings, as `pg` is set up in db.ts.
const parsers = {
  20: (v: string) => Number(v),
  1700: (v: string) => Number(v),
  1184: (v: string) => new Date(v).toISOString(),
  1114: (v: string) => new Date(`${v}Z`).toISOString(),
};

interface OpenTransaction {
  tx: Transaction;
  /** This transaction's statements, run one after the other in arrival order. */
  queue: Promise<void>;
  /** The `end` request, answered once PGlite has committed or rolled back. */
  endId: number;
  finish(commit: boolean): void;
}

/**
 * PGlite has no autovacuum: nothing else keeps the planner's statistics current as sends move
 * recipients from pending to sent (bulk writes refresh theirs at once: statistics.ts).
 */
const ANALYZE_EVERY_MS = 10 * 60_000;

const port = parentPort!;
/** This thread's gc(), made at the first request for it. */
let collectHeap: Collect | null = null;
const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;

/** Everything PostgreSQL says about an error, as plain data (structured clone drops it). */
function describe(error: unknown): WorkerError {
  const source = error instanceof Error ? error : new Error(String(error));
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { ...fields, name: source.name, message: source.message };
}

const reply = (message: WorkerReply) => port.postMessage(message);

/**
 * PostgreSQL's PANIC (a WAL segment it could not write on a full disk), once met: after it,
 * PGlite's next statement spins for ever, so none runs; each request is answered with it.
 */
let lost: WorkerError | null = null;
/** Ends the thread's own work on the database (ANALYZE, checkpoints). */
let stopBackgroundWork = () => {};

/** An error as the server gets it; a PANIC is told once even when no request was waiting for it. */
function failure(error: unknown): WorkerError {
  const described = describe(error);
  if (described.severity === 'PANIC' && !lost) {
    lost = described;
    stopBackgroundWork();
    reply({ id: ENGINE_LOST, ok: false, error: described });
  }
  return described;
}

const answer = (id: number, work: () => Promise<unknown>): Promise<void> => {
  if (lost) return Promise.resolve(reply({ id, ok: false, error: lost }));
  return work().then(
    (result) => reply({ id, ok: true, result }),
    (error: unknown) => reply({ id, ok: false, error: failure(error) }),
  );
};

class RolledBack extends Error {}

/**
 * Opens a transaction that lives until the server ends it. PGlite holds its transaction lock
 * meanwhile, so statements from outside wait for it, as they would for a PostgreSQL lock.
 */
function begin(beginId: number, lite: PGlite): void {
  const txId = ++lastTransaction;
  let open: OpenTransaction | undefined;
  lite
    .transaction(async (tx) => {
      const ended = new Promise<boolean>((finish) => {
        open = { tx, queue: Promise.resolve(), endId: 0, finish };
      });
      transactions.set(txId, open!);
      reply({ id: beginId, ok: true, result: txId });
      if (!(await ended)) throw new RolledBack();
    })
    .then(
      () => reply({ id: open!.endId, ok: true, result: null }),
      (error: unknown) => {
        if (!open) reply({ id: beginId, ok: false, error: failure(error) });
        else if (error instanceof RolledBack) reply({ id: open.endId, ok: true, result: null });
        else reply({ id: open.endId, ok: false, error: failure(error) });
      },
    )
    .finally(() => transactions.delete(txId));
}

function inTransaction(request: WorkerRequest & { tx: number }, then: (open: OpenTransaction) => Promise<void> | void) {
  const open = transactions.get(request.tx);
  if (!open) return void reply({ id: request.id, ok: false, error: describe(new Error('The transaction has ended.')) });
  open.queue = open.queue.then(() => then(open));
}

async function main(): Promise<void> {
  const { dataDir, template, durable } = workerData as { dataDir: string | null; template: string | null; durable: boolean };
  // A new database is unpacked from the template when there is one (pgliteTemplate.ts).
  const isNew = !dataDir || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const loadDataDir = isNew && template ? new Blob([fs.readFileSync(template)]) : undefined;
  const lite = await PGlite.create({ ...storageOptions(dataDir, durable), parsers, loadDataDir });
  const analyze = setInterval(() => void lite.exec('ANALYZE').catch(failure), ANALYZE_EVERY_MS);
  const checkpoints = scheduleCheckpoints(lite, failure);
  stopBackgroundWork = () => {
    clearInterval(analyze);
    checkpoints.stop();
  };
  port.on('message', (request: WorkerRequest) => {
    if (lost && request.op !== 'close') return void reply({ id: request.id, ok: false, error: lost });
    if (request.op === 'query' || request.op === 'end') checkpoints.wrote();
    switch (request.op) {
      case 'query':
        if (request.tx === undefined) void answer(request.id, async () => (await lite.query(request.sql, request.params)).rows);
        else inTransaction({ ...request, tx: request.tx }, (open) => answer(request.id, async () => (await open.tx.query(request.sql, request.params)).rows));
        return;
      case 'begin':
        return begin(request.id, lite);
      case 'end':
        return inTransaction(request, (open) => {
          open.endId = request.id;
          open.finish(request.commit);
        });
      case 'collect':
        // This thread's heap: the idle release (startup/idleMemory.ts) asks once the server is quiet.
        collectHeap ??= exposedCollector();
        void answer(request.id, () => collectHeap!({ type: 'major', execution: 'async' }));
        return;
      case 'backup':
        void answer(request.id, () => backupDump(lite));
        return;
      case 'close':
        stopBackgroundWork();
        void answer(request.id, () => lite.close());
        return;
    }
  });
  reply({ id: 0, ok: true, result: null });
}

main().catch((error: unknown) => reply({ id: 0, ok: false, error: describe(error) }));
