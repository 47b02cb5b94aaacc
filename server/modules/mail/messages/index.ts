/**
 * The kinds of queued one-off message. Adding a kind is one file in this
 * folder exporting a `MessageKind`, and one line in the list below.
 */
import { listConfirmationMessage } from './listConfirmation';
import type { MessageContent, MessageContext, MessageKind, QueuedMessage } from './types';
import { visitorDigestMessage } from './visitorDigest';
import { visitorConfirmationMessage, visitorSignInMessage } from './visitorLinks';

export type { MessageContent, MessageContext, MessageKind, QueuedMessage } from './types';

const kinds: MessageKind[] = [listConfirmationMessage, visitorSignInMessage, visitorConfirmationMessage, visitorDigestMessage];

/** Every kind this server sends, by name. */
export const messageKinds = new Map<string, MessageKind>(kinds.map((kind) => [kind.kind, kind]));

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
