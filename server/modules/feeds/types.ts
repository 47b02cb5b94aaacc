/** One entry of a channel feed, as YouTube publishes it. */
export interface FeedVideo {
  videoId: string;
  title: string;
  /** ISO date of publication. */
  published: string;
  /** `media:thumbnail`, as the feed gives it (the thumbnail rules apply when videos are read). */
  thumbnail: string | null;
  /** `media:statistics views`; 0 when the feed gives none (a live or upcoming stream: docs/decisions.md). */
  views: number;
  /** The entry's link is a `/shorts/` address (docs/decisions.md, «The visitor's history and feed filters (issue 42)»). */
  short?: boolean;
}

/** A parsed channel feed: the channel's id and name, and its latest videos. */
export interface ChannelFeed {
  channelId: string;
  name: string;
  videos: FeedVideo[];
}

export type FeedErrorKind = 'unreachable' | 'notFound' | 'status' | 'garbage';

/** A feed that could not be read; the kind tells a missing channel from a failing service. */
export class FeedError extends Error {
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
  ) {
    super(message);
  }
}
