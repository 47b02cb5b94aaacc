/** A video of a recipient's channel, as the last check read it. */
export interface YoutubeVideo {
  id: string;
  title: string;
  /** ISO date of publication. */
  published: string;
  views: number;
  thumbnail: string | null;
  url: string;
}

/** What a check read of a recipient's YouTube channel. */
export interface YoutubeSnapshot {
  channelId: string;
  name: string;
  handle: string | null;
  url: string;
  /** Newest first. */
  videos: YoutubeVideo[];
}

export interface XPost {
  id: string;
  text: string;
  /** ISO date, or null when X gives none. */
  created: string | null;
  likes: number;
  reposts: number;
  replies: number;
  url: string;
}

/** What a check read of a recipient's X account. */
export interface XSnapshot {
  id: string;
  username: string;
  name: string;
  description: string;
  avatar: string | null;
  followers: number;
  following: number;
  posts: number;
  url: string;
  /** Newest first. */
  latest: XPost[];
}

/** A recipient's stored social-media data, each part with the time of its last good check. */
export interface SocialMediaJson {
  id: number;
  youtube: (YoutubeSnapshot & { checkedAt: string }) | null;
  twitter: (XSnapshot & { checkedAt: string }) | null;
}
