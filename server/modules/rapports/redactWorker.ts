import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../../shared/threadPriority';
import { redactReport } from './redact';
import { summarise } from './summary';
import type { RedactJob, RedactReply } from './redactThread';

// Redacting yields the processor to the API (see REDACT_THREAD_NICE).
if (parentPort) lowerThreadPriority(workerData?.nice);

/**
 * The thread that redacts reports before they are stored (redactThread.ts): a 1 MiB report
 * takes tens of milliseconds to walk and write again, which the API's event loop must not wait for.
 */
parentPort?.on('message', ({ id, report, senderEmail }: RedactJob) => {
  try {
    const redacted = redactReport(report, senderEmail);
    const reply: RedactReply = { id, text: JSON.stringify(redacted), summary: summarise(redacted) };
    parentPort?.postMessage(reply);
  } catch (error) {
    parentPort?.postMessage({ id, failure: (error as Error).message } satisfies RedactReply);
  }
});
