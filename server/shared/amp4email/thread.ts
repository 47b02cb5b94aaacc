import type { Worker } from 'node:worker_threads';
import { HttpError } from '../errors';
import { startThreadEntry } from '../threadEntry';
import type { Amp4EmailError, Amp4EmailOptions } from './index';

/**
 * A document whose judgement takes longer than this, once the thread has it, is refused (the
 * thread is ended and the next document gets a new one). Linear, the validator takes well
 * under a second on the largest document it parses (bench/ampValidation.bench.ts).
 */
export const AMP_CHECK_TIMEOUT_MS = 5_000;
/** The thread ends once it has had nothing to judge for this long, and gives its memory back. */
const IDLE_END_MS = 30_000;
/** Below the event loop and the database's thread (as the subscriptions parser's, PARSE_THREAD_NICE). */
const AMP_THREAD_NICE = 10;
/** A 400 kB document's tree and the attribute pre-scan fit well within it; a thread that needs more is ended. */
const HEAP_MB = 256;

/** The judgement did not end: past the time limit, or its thread ran out of memory. */
export class AmpCheckAborted extends HttpError {
  constructor(reason: 'timeout' | 'lost', timeoutMs: number) {
    super(
      422,
      reason === 'timeout'
        ? `Le champ 'codeAmp' n'a pas pu être vérifié en ${timeoutMs / 1000} s : le document AMP est trop complexe. Simplifiez-le.`
        : "Le champ 'codeAmp' n'a pas pu être vérifié : le document AMP est trop complexe. Simplifiez-le.",
      'codeAmp',
    );
  }
}

export interface AmpChecker {
  /** The document's AMP4EMAIL errors (validateAmp4Email), judged in the thread; AmpCheckAborted past the time limit. */
  validate(source: string, options?: Amp4EmailOptions): Promise<Amp4EmailError[]>;
  close(): Promise<void>;
}

type Reply = { ready?: true; id?: number; errors?: Amp4EmailError[]; failure?: string };

interface Job {
  id: number;
  source: string;
  options: Amp4EmailOptions;
  resolve(errors: Amp4EmailError[]): void;
  reject(error: Error): void;
}

/** The validation thread, as the process's checker starts it. */
export const startValidationWorker = (): Worker =>
  startThreadEntry(__dirname, 'validationWorker', {
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    workerData: { nice: AMP_THREAD_NICE },
  });

/**
 * Judges AMP documents off the event loop, one at a time in one thread (the machine's other
 * core is the API's and the database's), started at the first document and ended once idle.
 * The time limit counts from when the thread takes the document (not the wait behind others).
 * `startWorker`, `timeoutMs` and `idleEndMs` are for tests.
 */
export function createAmpChecker({
  start = startValidationWorker,
  timeoutMs = AMP_CHECK_TIMEOUT_MS,
  idleEndMs = IDLE_END_MS,
}: { start?: () => Worker; timeoutMs?: number; idleEndMs?: number } = {}): AmpChecker {
  const queue: Job[] = [];
  let lastId = 0;
  let thread: { worker: Worker; ready: boolean; job: Job | null; timer: NodeJS.Timeout | null } | null = null;
  let idleEnd: NodeJS.Timeout | null = null;

  const clearTimers = () => {
    if (thread?.timer) clearTimeout(thread.timer);
    if (idleEnd) clearTimeout(idleEnd);
    idleEnd = null;
  };

  /** Ends the thread; its document, if any, is refused with `error`. */
  const end = (error: Error | null) => {
    const ended = thread;
    if (!ended) return Promise.resolve();
    clearTimers();
    thread = null;
    if (ended.job) ended.job.reject(error ?? new AmpCheckAborted('lost', timeoutMs));
    return ended.worker.terminate().then(() => undefined);
  };

  const next = () => {
    if (thread?.job || queue.length === 0) return;
    if (!thread) thread = startThread();
    if (!thread.ready) return;
    const current = thread;
    const job = queue.shift() as Job;
    current.job = job;
    if (idleEnd) clearTimeout(idleEnd);
    idleEnd = null;
    current.timer = setTimeout(() => {
      // Whatever it is stuck on, the next document gets a new thread.
      void end(new AmpCheckAborted('timeout', timeoutMs)).then(next);
    }, timeoutMs);
    current.worker.postMessage({ id: job.id, source: job.source, options: job.options });
  };

  const startThread = () => {
    const worker = start();
    worker.unref();
    const started = { worker, ready: false, job: null as Job | null, timer: null as NodeJS.Timeout | null };
    worker.on('message', (reply: Reply) => {
      if (thread !== started) return;
      if (reply.ready) started.ready = true;
      const job = started.job;
      if (job && reply.id === job.id) {
        if (started.timer) clearTimeout(started.timer);
        started.job = null;
        if (reply.errors) job.resolve(reply.errors);
        else job.reject(new Error(`AMP validation failed: ${reply.failure}`));
      }
      if (queue.length > 0) return next();
      idleEnd = setTimeout(() => void end(null), idleEndMs);
      idleEnd.unref();
    });
    const lost = () => {
      if (thread !== started) return;
      // A thread that cannot even start would be started again for ever: the waiting documents are refused.
      if (!started.ready) for (const job of queue.splice(0)) job.reject(new HttpError(503, 'La vérification AMP est indisponible. Réessayez.', 'codeAmp'));
      void end(null).then(next);
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    return started;
  };

  return {
    validate(source, options = {}) {
      lastId += 1;
      const id = lastId;
      return new Promise<Amp4EmailError[]>((resolve, reject) => {
        queue.push({ id, source, options, resolve, reject });
        next();
      });
    },
    async close() {
      for (const job of queue.splice(0)) job.reject(new HttpError(503, 'Le serveur s’arrête.'));
      await end(new HttpError(503, 'Le serveur s’arrête.'));
    },
  };
}

let shared: AmpChecker | null = null;

/** The process's checker (its thread starts at the first document): what requests and sends use. */
export function validateAmp4EmailInThread(source: string, options: Amp4EmailOptions = {}): Promise<Amp4EmailError[]> {
  shared ??= createAmpChecker();
  return shared.validate(source, options);
}

/** Ends the process's checker thread (the server's close); the next document starts one again. */
export async function closeAmpChecker(): Promise<void> {
  const closing = shared;
  shared = null;
  await closing?.close();
}
