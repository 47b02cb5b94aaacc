import type { Queryable } from '../../../db/db';

/** What a kind of message may read to say what it says. */
export interface MessageContext {
  db: Queryable;
  /** The address recipients reach the server at (PUBLIC_URL, or where it listens). */
  publicUrl: string;
  productName: string;
  /** IANA time zone dates are written in. */
  timezone: string;
  now(): Date;
  /**
   * The one-click unsubscribe link of a subject of an audience the module registered
   * (`registerUnsubscribeAudience`): the one unsubscribe page serves it.
   */
  unsubscribeUrl(audience: string, id: number): string;
  /**
   * The AMP form rating a video for a visitor (issue 40): posts to `POST /api/amp/notes` with a
   * token signed for them and the video; empty when PUBLIC_URL is not https (AMP forms need it).
   */
  visitorRatingForm?(visitorId: number, videoId: string): string;
}

/** A queued message as its kind receives it. */
export interface QueuedMessage {
  id: number;
  key: string;
  to: string;
  payload: Record<string, unknown>;
}

/**
 * What a message says; `compose/` makes the message of it (text part from the HTML when
 * missing, CSS inlined, From, Message-ID, headers, DKIM).
 */
export interface MessageContent {
  subject: string;
  html?: string;
  text?: string;
  /** An AMP part (AMP for Email), sent beside the HTML or text. */
  amp?: string;
  /** The one-click unsubscribe (RFC 8058) of the message, when it has one. */
  unsubscribe?: { url: string; oneClickUrl?: string } | null;
  /** The List-Id of the list the message is about (RFC 2919). */
  listId?: { id: string; name: string } | null;
}

/**
 * A kind of message: says what a queued message of that kind says, and to whom it is still
 * worth sending. `null` means "do not send any more" (recorded `skipped`).
 */
export interface MessageKind {
  kind: string;
  compose(ctx: MessageContext, message: QueuedMessage): Promise<MessageContent | null>;
  /**
   * Optional: what several messages of the kind say, in their order, read at once (a statement
   * for all rather than some for each). The worker claims messages in batches; when a kind has
   * it, the messages of a batch are composed together (`batchedComposer`).
   */
  composeMany?(ctx: MessageContext, messages: QueuedMessage[]): Promise<(MessageContent | null)[]>;
  /** At most this many messages a `composeMany` call (one statement's worth); unset: all at once. */
  composeManyAtMost?: number;
}
