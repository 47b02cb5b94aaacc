import { HttpError } from '../../shared/errors';
import { startThreadEntry } from '../../shared/threadEntry';
import { createThreadClient } from '../../shared/threadClient';
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

/** One thread, started by the first report and kept; reports are redacted one after the other there (shared/threadClient.ts). */
export function createRedactThread(): RedactThread {
  const client = createThreadClient<Omit<RedactJob, 'id'>, RedactReply, { text: string; summary: ReportSummary }>({
    start: () =>
      startThreadEntry(__dirname, 'redactWorker', {
        resourceLimits: { maxOldGenerationSizeMb: 256 },
        workerData: { nice: REDACT_THREAD_NICE },
      }),
    timeoutMs: REDACT_TIMEOUT_MS,
    read: (reply) => (reply.text !== undefined ? { text: reply.text, summary: reply.summary } : new Error(`redaction failed: ${reply.failure}`)),
    timedOut: () => new HttpError(503, copy.interrupted),
    interrupted: () => new HttpError(503, copy.interrupted),
    stopping: () => new HttpError(503, copy.stopping),
  });
  return {
    redact: (report, senderEmail) => client.call({ report, senderEmail }),
    close: () => client.close(),
  };
}
