import type { Worker } from 'node:worker_threads';
import { HttpError } from '../../shared/errors';
import { startThreadEntry } from '../../shared/threadEntry';
import { rapportsCopy as copy } from './copy';
import type { ReportSummary } from './summary';

export type Report = Parameters<typeof import('./redact').redactReport>[0] & Parameters<typeof import('./summary').summarise>[0];
export interface RedactJob {
  id: number;
  report: Report;
  senderEmail: string | null;
}
export type RedactReply = { id: number; text: string; summary: ReportSummary } | { id: number; failure: string; text?: undefined };

/** A report that takes longer than this is refused (and the thread started again). */
const REDACT_TIMEOUT_MS = 20_000;
/** The thread's nice value (Linux): the event loop and the database's thread keep 0. */
export const REDACT_THREAD_NICE = 10;

export interface RedactThread {
  /** The report redacted (redact.ts) as the stored file's text, and what the inbox lists of it. */
  redact(report: Report, senderEmail: string | null): Promise<{ text: string; summary: ReportSummary }>;
  close(): Promise<void>;
}

/**
 * One thread, started by the first report and kept (unref'd); reports are redacted one after
 * the other there. A thread that dies or hangs fails its reports and is started again.
 */
export function createRedactThread(): RedactThread {
  let worker: Worker | null = null;
  let lastId = 0;
  const pending = new Map<number, { resolve(value: { text: string; summary: ReportSummary }): void; reject(error: Error): void; timer: NodeJS.Timeout; worker: Worker }>();

  const fail = (error: Error, of: Worker | null) => {
    for (const [id, waiting] of pending) {
      if (of && waiting.worker !== of) continue;
      pending.delete(id);
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
  };

  const thread = () => {
    if (worker) return worker;
    const started = startThreadEntry(__dirname, 'redactWorker', {
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      workerData: { nice: REDACT_THREAD_NICE },
    });
    started.unref();
    started.on('message', (reply: RedactReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      clearTimeout(waiting.timer);
      if (reply.text !== undefined) waiting.resolve({ text: reply.text, summary: reply.summary });
      else waiting.reject(new Error(`redaction failed: ${reply.failure}`));
    });
    const lost = (error: Error) => {
      if (worker === started) worker = null;
      fail(error, started);
    };
    started.on('error', lost);
    started.on('exit', () => lost(new HttpError(503, copy.interrupted)));
    worker = started;
    return started;
  };

  return {
    redact(report, senderEmail) {
      lastId += 1;
      const id = lastId;
      const target = thread();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new HttpError(503, copy.interrupted));
          if (worker === target) worker = null;
          void target.terminate();
        }, REDACT_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer, worker: target });
        target.postMessage({ id, report, senderEmail } satisfies RedactJob);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      fail(new HttpError(503, copy.stopping), null);
      if (current) await current.terminate();
    },
  };
}
