import type { Worker } from 'node:worker_threads';
import { HttpError } from '../../shared/errors';
import { startThreadEntry } from '../../shared/threadEntry';
import type { SubscriptionFile } from './subscriptionFormats';

/** A file that takes longer than this to read is refused (and the thread started again). */
const PARSE_TIMEOUT_MS = 20_000;

export interface SubscriptionsParser {
  /** Decodes (UTF-8) and reads a subscriptions file off the event loop; a French 400/413 when it is none. */
  parse(bytes: Buffer): Promise<SubscriptionFile>;
  close(): Promise<void>;
}

/**
 * The parsing thread's nice value (Linux; the event loop and the database's thread keep 0): on a
 * two-core machine a 2 MiB file's parse otherwise takes a core the API needs
 * (bench/subscriptionsImport.bench.ts).
 */
export const PARSE_THREAD_NICE = 10;

function startParseWorker(): Worker {
  return startThreadEntry(__dirname, 'subscriptionsParseWorker', {
    resourceLimits: { maxOldGenerationSizeMb: 256 },
    workerData: { nice: PARSE_THREAD_NICE },
  });
}

type Reply = { id: number; file?: SubscriptionFile; refusal?: { statusCode: number; message: string; field?: string } };

interface Waiting {
  resolve(file: SubscriptionFile): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** The thread reading the file. */
  worker: Worker;
}

/**
 * One thread, started on the first import and kept (unref'd) for the next; files are read one
 * after the other there. A thread that dies or hangs fails its own files (not those sent to
 * the thread started after it) and is started again. `startWorker` and `timeoutMs` are for tests.
 */
export function createSubscriptionsParser({
  startWorker = startParseWorker,
  timeoutMs = PARSE_TIMEOUT_MS,
}: { startWorker?: () => Worker; timeoutMs?: number } = {}): SubscriptionsParser {
  let worker: Worker | null = null;
  let lastId = 0;
  const pending = new Map<number, Waiting>();

  /** Fails the files sent to `of` (all files without it). */
  const fail = (error: Error, of?: Worker) => {
    for (const [id, waiting] of pending) {
      if (of && waiting.worker !== of) continue;
      pending.delete(id);
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
  };

  const thread = () => {
    if (worker) return worker;
    const started = startWorker();
    started.unref();
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      clearTimeout(waiting.timer);
      if (reply.file) waiting.resolve(reply.file);
      else waiting.reject(new HttpError(reply.refusal?.statusCode ?? 400, reply.refusal?.message ?? 'Fichier illisible.', reply.refusal?.field ?? 'file'));
    });
    const lost = (error: Error) => {
      if (worker === started) worker = null;
      fail(error, started);
    };
    started.on('error', lost);
    started.on('exit', () => lost(new HttpError(503, "La lecture du fichier s'est interrompue. Réessayez.", 'file')));
    worker = started;
    return started;
  };

  return {
    parse(bytes) {
      lastId += 1;
      const id = lastId;
      const target = thread();
      return new Promise<SubscriptionFile>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new HttpError(400, "Le fichier est trop long à lire. Rien n'a été modifié.", 'file'));
          // Whatever it is stuck on, the next file gets a fresh thread.
          if (worker === target) worker = null;
          void target.terminate();
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer, worker: target });
        const copy = new Uint8Array(bytes);
        target.postMessage({ id, bytes: copy }, [copy.buffer]);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      fail(new HttpError(503, 'Le serveur s’arrête.'));
      if (current) await current.terminate();
    },
  };
}
