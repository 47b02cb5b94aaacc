import type { Worker } from 'node:worker_threads';
import { HttpError } from '../../shared/errors';
import { startThreadEntry } from '../../shared/threadEntry';
import { createThreadClient } from '../../shared/threadClient';
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

/**
 * One thread, started on the first import and kept for the next (shared/threadClient.ts).
 * `startWorker` and `timeoutMs` are for tests.
 */
export function createSubscriptionsParser({
  startWorker = startParseWorker,
  timeoutMs = PARSE_TIMEOUT_MS,
}: { startWorker?: () => Worker; timeoutMs?: number } = {}): SubscriptionsParser {
  const client = createThreadClient<{ bytes: Uint8Array }, Reply, SubscriptionFile>({
    start: startWorker,
    timeoutMs,
    read: (reply) =>
      reply.file ?? new HttpError(reply.refusal?.statusCode ?? 400, reply.refusal?.message ?? 'Fichier illisible.', reply.refusal?.field ?? 'file'),
    timedOut: () => new HttpError(400, "Le fichier est trop long à lire. Rien n'a été modifié.", 'file'),
    interrupted: () => new HttpError(503, "La lecture du fichier s'est interrompue. Réessayez.", 'file'),
    stopping: () => new HttpError(503, 'Le serveur s’arrête.'),
  });
  return {
    parse(bytes) {
      const copy = new Uint8Array(bytes);
      return client.call({ bytes: copy }, [copy.buffer]);
    },
    close: () => client.close(),
  };
}
