import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../threadPriority';
import { validateAmp4Email, type Amp4EmailOptions } from '.';

/** The thread that judges AMP documents (thread.ts): one at a time, each answered by its id. */
if (parentPort) {
  const port = parentPort;
  lowerThreadPriority(workerData?.nice);
  port.on('message', ({ id, source, options }: { id: number; source: string; options: Amp4EmailOptions }) => {
    try {
      port.postMessage({ id, errors: validateAmp4Email(source, options) });
    } catch (error) {
      port.postMessage({ id, failure: (error as Error).message });
    }
  });
  port.postMessage({ ready: true });
}
