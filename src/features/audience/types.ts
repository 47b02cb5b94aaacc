/** One criterion's figures: average (out of 5, two decimals; null before any rating) and count. */
export interface CriterionFigures {
  average: number | null;
  count: number;
}

/** A creator's figures, as `GET /api/audience` answers them. */
export interface Audience {
  channelId: string;
  name: string;
  theme: string;
  followers: number;
  newFollowers7: number;
  newFollowers30: number;
  digestSubscribers: number;
  ratings: Record<string, CriterionFigures>;
  bestVideos: { id: string; title: string; average: number; count: number }[];
}

/** One week of a creator's series: its Monday (YYYY-MM-DD) and figures. */
export interface AudienceWeek {
  week: string;
  followers: number;
  newFollowers: number;
  ratingsCount: number;
  average: number | null;
}

export interface AudienceDetail extends Audience {
  weeks: AudienceWeek[];
}

/** What the table narrows to: a category (a creator's theme). */
export interface AudienceFilter {
  category: string | null;
}
