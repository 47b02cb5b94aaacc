import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../shared/errors';
import { lowerThreadPriority } from '../../shared/threadPriority';
import { readSubscriptionFile } from './subscriptionFormats';

// Parsing yields the processor to the API (see PARSE_THREAD_NICE).
if (parentPort) lowerThreadPriority(workerData?.nice);

/**
 * The thread that reads subscriptions files (subscriptionsParser.ts): a 2 MB file takes
 * hundreds of milliseconds to decode and parse, which the API's event loop must not wait for.
 */
parentPort?.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new HttpError(400, "Le fichier n'est pas du texte UTF-8. Rien n'a été modifié.", 'file');
    }
    parentPort?.postMessage({ id, file: readSubscriptionFile(text) });
  } catch (error) {
    const refusal =
      error instanceof HttpError
        ? { statusCode: error.statusCode, message: error.message, field: error.field }
        : { statusCode: 400, message: "Le fichier n'a pas pu être lu. Rien n'a été modifié.", field: 'file' };
    parentPort?.postMessage({ id, refusal });
  }
});
