/**
 * Composing messages: the only place that makes one. It renders a message's templates, adds
 * the unsubscribe footer, the tracked links and the headers; every kind of message the module
 * sends leaves through it.
 */
export { mailComposer, type MailComposer } from './composer';
export { composeMessage, sendMessageId, senderDomain, type Envelope } from './message';
export {
  compileContent,
  CONTACT_KEYS,
  type CompiledContent,
  type Contact,
  type RenderedParts,
  type SendContent,
} from './render';
export { contentOf, deliveryVars, hasBody } from './content';
