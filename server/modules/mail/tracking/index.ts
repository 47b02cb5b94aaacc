/**
 * Tracking and the links messages carry: signed tokens, tracked links and the open image,
 * their routes, and the unsubscribe routes.
 */
export { MailLinks } from './links';
export { BAT_RECIPIENT, mailTokens, ratingTokens, type MailTokens, type RatingTokenClaims, type RatingTokens, type RecipientRef } from './tokens';
export { trackHtml, type Tracker } from './trackHtml';
export { registerTrackingRoutes, trackingPaths } from './routes';
export {
  loadLinkSecret,
  registerUnsubscribeAudience,
  registerUnsubscribeRoutes,
  unsubscribePage,
  unsubscribeTokens,
  type UnsubscribeAudience,
  type UnsubscribeTarget,
  type UnsubscribeTokens,
} from './unsubscribe';
export { registerPreferenceDataActions, registerPreferenceRoutes, type PreferenceDataActions } from './preferences';
export { MACHINE_OPEN_SECONDS, recordClick, recordOpen, recordUnsubscribe } from './results';
export { addressOf, registerAmpNotesRoutes, registerAmpRatingSink, type AmpCriterion, type AmpRating, type AmpRatingSink } from './ampNotes';
