/**
 * The mail module: what other modules use. Modules whose messages mail sends sit above it: they
 * register their kinds of message (`registerMessageKind`), their unsubscribe audiences and the
 * contacts of lists from server/modules/index.ts, and queue through the outbox functions here
 * (the only code that writes mail_send, mail_recipient and mail_message).
 */
export { mailPlugin } from './plugin';
export { registerChannelPoster, type ChannelPoster, type PostAnswer, type PostChannel, type PostContent } from './channels';
export { registerMailContacts, type MailContacts } from './contacts';
export { registerMailSegments, type MailSegments } from './segments';
export { registerMessageKind, type MessageContent, type MessageContext, type MessageKind, type QueuedMessage } from './messages';
export {
  registerAmpRatingSink,
  registerPreferenceDataActions,
  registerUnsubscribeAudience,
  unsubscribePage,
  type AmpRating,
  type AmpRatingSink,
  type PreferenceDataActions,
  type UnsubscribeAudience,
} from './tracking';
export { contentOf, hasBody, registerVideoSource, type VideoSource } from './compose';
export {
  drawSendId,
  enqueueMessages,
  enqueueMessagesStatement,
  insertStepSend,
  mailPersonalData,
  mentionsAddress,
  removeOldOutboxFiles,
  unlinkOldTracking,
  type OutgoingMessage,
  type StepSend,
} from './queue';
