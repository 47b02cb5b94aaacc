/** The ratings module: what other modules use. */
export { RATING_LABELS, type RatingLabel } from './schemas';
export { saveInboxRating } from './inbox';
