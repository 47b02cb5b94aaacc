import type { Config } from '../../config';

/** A delivery's "Canal" besides e-mail (issue 40). */
export type PostChannel = 'telegram' | 'x';

/** What a channel's post says: the newsletter's subject, its text part and its public page. */
export interface PostContent {
  subject: string;
  text: string;
  /** The public page of the sent newsletter (`/newsletters/{sendId}`). */
  url: string;
}

/** What the channel's API answered, kept in the send's report. */
export interface PostAnswer {
  ok: boolean;
  /** The post's id on the channel (Telegram's message_id, X's post id). */
  id?: string;
  /** What was posted, as sent. */
  text?: string;
  /** Why it did not go (the API's own words, never its token). */
  error?: string;
}

/**
 * A channel a delivery can be posted to on "Envoyer": registered from server/modules/index.ts by
 * the module that speaks its API (telegram, socialMedia); mail imports neither.
 */
export interface ChannelPoster {
  channel: PostChannel;
  /** Why it cannot post with these settings (in French, naming them), or null when it can. */
  refusal(config: Config): string | null;
  post(config: Config, content: PostContent): Promise<PostAnswer>;
}

const posters = new Map<PostChannel, ChannelPoster>();

export function registerChannelPoster(poster: ChannelPoster): void {
  posters.set(poster.channel, poster);
}

/** The poster of a delivery's channel; null for e-mail (or a channel nobody registered). */
export const posterOf = (channel: string): ChannelPoster | null => posters.get(channel as PostChannel) ?? null;
