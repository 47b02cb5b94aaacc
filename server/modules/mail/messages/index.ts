/**
 * The kinds of queued one-off message. Adding a kind is one file in this
 * folder exporting a `MessageKind`, and one line in the list below.
 */
import { listConfirmationMessage } from './listConfirmation';
import type { MessageKind } from './types';
import { visitorDigestMessage } from './visitorDigest';
import { visitorConfirmationMessage, visitorSignInMessage } from './visitorLinks';

export type { MessageContent, MessageContext, MessageKind, QueuedMessage } from './types';

const kinds: MessageKind[] = [listConfirmationMessage, visitorSignInMessage, visitorConfirmationMessage, visitorDigestMessage];

/** Every kind this server sends, by name. */
export const messageKinds = new Map<string, MessageKind>(kinds.map((kind) => [kind.kind, kind]));
