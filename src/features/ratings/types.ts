import type { fr } from '../../shared/i18n/fr';

/** A criterion, as shown and as sent (spec §2.4). */
export type RatingLabel = (typeof fr.ratings.criteria)[number];

/** The rating payload of spec §3. */
export interface RatingPayload {
  label: RatingLabel;
  videourl: string;
  rating: number;
  email: string;
  recipientid: number;
}

export interface RatingAggregate {
  label: RatingLabel;
  /** null before the first rating. */
  average: number | null;
  count: number;
}

/** A video's averages, as `GET /api/video/rating` and the rating's answer carry them. */
export interface VideoRatingSummary {
  ratings: RatingAggregate[];
}

/** The visitor's own stars on a video, by criterion (absent: not rated). */
export interface MyRatings {
  mine: Partial<Record<RatingLabel, number>>;
}

/** Spec §9: recipientid is fixed at 1. */
export const RATING_RECIPIENT_ID = 1;
