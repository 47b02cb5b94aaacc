import type { Worker } from 'node:worker_threads';
import type { SendMailOptions } from 'nodemailer';
import { startThreadEntry } from '../../../shared/threadEntry';

/** A message as it goes on the wire: its bytes (DKIM-signed when asked) and its envelope. */
export interface BuiltMessage {
  raw: Uint8Array;
  envelope: { from: string | false; to: string[] };
}

export interface MessageBuilder {
  /** The message built in the thread; null when it could not be (the caller builds it itself). */
  build(message: SendMailOptions): Promise<BuiltMessage | null>;
  /** Whether its thread is up (it ends once idle). */
  running(): boolean;
  close(): Promise<void>;
}

/**
 * The thread ends once it has had nothing to build for this long, and gives its memory back:
 * the server's idle figure is one of its targets (issue 27), and the next send starts one again.
 */
const IDLE_END_MS = 10_000;
/** Its young generation, as the database thread's (pgliteThread.ts): a message's garbage is small. */
const YOUNG_GENERATION_MB = 6;

/** What the thread answers: the built message, or neither field when it could not build it. */
type Reply = { id: number; raw?: Uint8Array; envelope?: BuiltMessage['envelope'] };

const startWorker = (): Worker =>
  startThreadEntry(__dirname, 'messageBuildWorker', { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });

/**
 * Builds messages (MIME, DKIM signature) off the event loop. During a send the event loop is
 * the limit, and signing was a third of its work (an RSA signature a message, which nodemailer
 * makes synchronously inside its stream): in this thread it runs beside the SMTP pool, the
 * database and the HTTP API. One thread, started at the first message and ended once idle; a
 * message it cannot take (a value a thread cannot receive) or build, or a thread that ends,
 * answers null, and the caller builds the message on the event loop as before.
 */
export function createMessageBuilder({ idleEndMs = IDLE_END_MS }: { idleEndMs?: number } = {}): MessageBuilder {
  /** The thread in use, and the messages it has not answered yet (each thread its own). */
  let current: { worker: Worker; pending: Map<number, (built: BuiltMessage | null) => void>; end(): Promise<number> } | null = null;
  let lastId = 0;
  let idleEnd: NodeJS.Timeout | null = null;

  const stopIdleEnd = () => {
    if (idleEnd) clearTimeout(idleEnd);
    idleEnd = null;
  };

  const thread = () => {
    if (current) return current;
    const worker = startWorker();
    const pending = new Map<number, (built: BuiltMessage | null) => void>();
    /** Its unanswered messages are built by their callers; the next message starts a thread. */
    const end = () => {
      if (current === started) current = null;
      for (const answer of pending.values()) answer(null);
      pending.clear();
      return worker.terminate();
    };
    const started = { worker, pending, end };
    worker.unref();
    worker.on('message', ({ id, raw, envelope }: Reply) => {
      const answer = pending.get(id);
      pending.delete(id);
      answer?.(raw && envelope ? { raw, envelope } : null);
      if (pending.size === 0 && current === started) {
        stopIdleEnd();
        idleEnd = setTimeout(() => void end(), idleEndMs);
        idleEnd.unref();
      }
    });
    worker.on('error', () => void end());
    worker.on('exit', () => void end());
    current = started;
    return started;
  };

  return {
    build(message) {
      stopIdleEnd();
      lastId += 1;
      const id = lastId;
      const { worker, pending } = thread();
      return new Promise((resolve) => {
        pending.set(id, resolve);
        try {
          worker.postMessage({ id, message });
        } catch {
          pending.delete(id);
          resolve(null);
        }
      });
    },
    running: () => current !== null,
    async close() {
      stopIdleEnd();
      await current?.end();
    },
  };
}
