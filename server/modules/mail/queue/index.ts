/**
 * The queue: sends and their recipients' rows, queued one-off messages, claiming them, and
 * the worker that delivers them through the transport.
 */
export { SendWorker, UnknownMessageKind, classify, type WorkerDeps } from './worker';
export { enqueueMessages, enqueueMessagesStatement, type OutgoingMessage } from './messages';
export type { Claimed, ClaimedMessage } from '../claimedRows';
export { createMailTransport, type MailTransport } from './transport';
export { mailPersonalData, mentionsAddress, removeOldOutboxFiles, unlinkOldTracking } from './personalData';
export { STALE_AFTER_SECONDS } from './recipients';
export {
  bouncesOf,
  cancelPending,
  changeStatus,
  completeFinished,
  createSend,
  drawSendId,
  insertStepSend,
  failuresOf,
  insertSend,
  reschedule,
  sendResource,
  startDue,
  withProgress,
  type CreatedSend,
  type NewSend,
  type SendAction,
  type SendPlan,
  type SendStatus,
  type StepSend,
} from './sends';
export { previousSendAt, recordSkippedOccurrence, withVideos, type SendTarget, type VideosOptions } from './videos';
export { claimPost, postsOf, publicSend, recordPost } from './posts';
