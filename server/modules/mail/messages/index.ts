/**
 * The kinds of queued one-off message. Each is declared by the module that owns what it says
 * (lists: the confirmation of a subscription; visitors: the digest, the sign-in and address
 * links) and registered here at startup, from server/modules/index.ts: mail knows none of them.
 */
import type { MessageContent, MessageContext, MessageKind, QueuedMessage } from './types';

export type { MessageContent, MessageContext, MessageKind, QueuedMessage } from './types';

/** Every kind this server sends, by name, as registered. */
export const messageKinds = new Map<string, MessageKind>();

/** Makes a kind of message known to the worker; a kind is registered once. */
export function registerMessageKind(kind: MessageKind): void {
  if (messageKinds.has(kind.kind) && messageKinds.get(kind.kind) !== kind) throw new Error(`message kind registered twice: ${kind.kind}`);
  messageKinds.set(kind.kind, kind);
}

interface Waiting {
  message: QueuedMessage;
  resolve(content: MessageContent | null): void;
  reject(error: unknown): void;
}

/**
 * Composes messages as their kind says; the messages of a kind that composes in batches
 * (`composeMany`) asked for in the same turn of the event loop (the worker dispatches a claimed
 * batch at once) go to it together, `composeManyAtMost` a call, one call after the other: the
 * first ones are sent while the next are read. A failure fails each message of its call (each
 * is retried).
 */
export function batchedComposer(ctx: MessageContext): (kind: MessageKind, message: QueuedMessage) => Promise<MessageContent | null> {
  const waiting = new Map<MessageKind, Waiting[]>();
  const flush = async (kind: MessageKind, batch: Waiting[]) => {
    waiting.delete(kind);
    const composeMany = kind.composeMany as NonNullable<MessageKind['composeMany']>;
    const size = kind.composeManyAtMost ?? batch.length;
    for (let start = 0; start < batch.length; start += size) {
      const chunk = batch.slice(start, start + size);
      try {
        const contents = await composeMany(ctx, chunk.map((entry) => entry.message));
        chunk.forEach((entry, i) => entry.resolve(contents[i] ?? null));
      } catch (error) {
        chunk.forEach((entry) => entry.reject(error));
      }
    }
  };
  return (kind, message) => {
    if (!kind.composeMany) return kind.compose(ctx, message);
    return new Promise((resolve, reject) => {
      let batch = waiting.get(kind);
      if (!batch) {
        const created: Waiting[] = [];
        waiting.set(kind, created);
        setImmediate(() => void flush(kind, created));
        batch = created;
      }
      batch.push({ message, resolve, reject });
    });
  };
}
