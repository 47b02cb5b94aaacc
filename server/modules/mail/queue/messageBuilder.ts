import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SendMailOptions } from 'nodemailer';

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

type Reply = { id: number; raw?: Uint8Array; envelope?: BuiltMessage['envelope']; failed?: true };

/** Production runs the compiled thread entry; development and tests register tsx first (as pgliteThread.ts). */
function startWorker(): Worker {
  const compiled = path.join(__dirname, 'messageBuildWorker.js');
  const options = { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } };
  if (fs.existsSync(compiled)) return new Worker(compiled, options);
  const entry = path.join(__dirname, 'messageBuildWorker.ts');
  const code = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(code, { ...options, eval: true });
}

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
  let current: { worker: Worker; pending: Map<number, (built: BuiltMessage | null) => void> } | null = null;
  let lastId = 0;
  let idleEnd: NodeJS.Timeout | null = null;

  const stopIdleEnd = () => {
    if (idleEnd) clearTimeout(idleEnd);
    idleEnd = null;
  };

  const thread = () => {
    if (current) return current;
    const started = { worker: startWorker(), pending: new Map<number, (built: BuiltMessage | null) => void>() };
    started.worker.unref();
    /** Its unanswered messages are built by their callers; the next message starts a thread. */
    const end = () => {
      if (current === started) current = null;
      for (const answer of started.pending.values()) answer(null);
      started.pending.clear();
      void started.worker.terminate();
    };
    started.worker.on('message', ({ id, raw, envelope }: Reply) => {
      const answer = started.pending.get(id);
      started.pending.delete(id);
      answer?.(raw && envelope ? { raw, envelope } : null);
      if (started.pending.size === 0 && current === started) {
        stopIdleEnd();
        idleEnd = setTimeout(end, idleEndMs);
        idleEnd.unref();
      }
    });
    started.worker.on('error', end);
    started.worker.on('exit', end);
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
      const closing = current;
      current = null;
      if (!closing) return;
      for (const answer of closing.pending.values()) answer(null);
      closing.pending.clear();
      await closing.worker.terminate();
    },
  };
}
