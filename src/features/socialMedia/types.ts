/** A recipient (influencer) of the operator, with the names its social-media checks read (spec §3). */
export interface Recipient {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  youtubename: string;
  twittername: string;
  url: string;
  add_url: string;
}

export interface YoutubeVideo {
  id: string;
  title: string;
  published: string;
  views: number;
  thumbnail: string | null;
  url: string;
}

export interface YoutubeData {
  channelId: string;
  name: string;
  handle: string | null;
  url: string;
  videos: YoutubeVideo[];
  checkedAt: string;
}

export interface XPost {
  id: string;
  text: string;
  created: string | null;
  likes: number;
  reposts: number;
  replies: number;
  url: string;
}

export interface XData {
  id: string;
  username: string;
  name: string;
  description: string;
  followers: number;
  following: number;
  posts: number;
  url: string;
  latest: XPost[];
  checkedAt: string;
}

/** A recipient's stored social-media data. */
export interface SocialMedia {
  id: number;
  youtube: YoutubeData | null;
  twitter: XData | null;
}

export interface PartFailure {
  statusCode: number;
  message: string;
}

/** What a check answers: the stored data after it, and the parts that failed. */
export interface SocialMediaCheck extends SocialMedia {
  errors: { youtube?: PartFailure; twitter?: PartFailure };
}

/** The list-wide YouTube refresh's summary. */
export interface YoutubeRefreshSummary {
  checked: number;
  changed: number;
  failed: number;
  failures: (PartFailure & { id: number; email: string })[];
}
