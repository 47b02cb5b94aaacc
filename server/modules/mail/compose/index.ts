/**
 * Composing messages: the only place that makes one. It renders a message's templates, adds
 * the unsubscribe footer, the tracked links and the headers; every kind of message the module
 * sends leaves through it.
 */
export { mailComposer, newsletterUrl, type ComposerOptions, type MailComposer, type SendToCompose } from './composer';
export { dkimRecord, signingOf, SIGNED_HEADERS, type DkimKey, type Signing } from './dkim';
export { inlineCss, textOf, wholeMessage } from './whole';
export { composeMessage, sendMessageId, senderDomain, withHtmlLang, type Envelope } from './message';
export {
  compileContent,
  CONTACT_KEYS,
  type AmpError,
  type CompiledContent,
  type Contact,
  type RenderedParts,
  type SendContent,
} from './render';
export { contentOf, deliveryVars, hasBody } from './content';
export { MESSAGE_VARIABLES, type MessageVariable } from './variables';
export { aligned, domainReport, type DomainReport, type DnsRecord, type RecordStatus } from './domain';
export { sendableContent } from './amp';
export {
  nothingNew,
  registerVideoSource,
  resolveVideoBlocks,
  type NewsletterVideo,
  type ResolvedVideos,
  type VideoBlock,
  type VideoSource,
} from './videos';
export { languageCopy, WRITTEN_LANGUAGES } from './language';
export { AMP_NOTES_PATH, ampFormsRefusal } from './ampRating';
