import { badRequest, HttpError } from '../../shared/errors';
import { parseChannelRef, type ChannelRef } from '../feeds';
import type { FeedClient } from '../feeds';
import { FeedError } from '../feeds';
import type { YoutubeSnapshot } from './types';

/** Links shown to people go to YouTube itself, whatever feed host the server reads. */
const YOUTUBE_SITE = 'https://www.youtube.com';

export const youtubeNotFound = () => new HttpError(404, 'Chaîne YouTube introuvable.');

/** A missing channel is a 404; YouTube failing or answering garbage is a 502. */
function fromFeedError(error: unknown, { garbageIsMissing }: { garbageIsMissing: boolean }): never {
  if (!(error instanceof FeedError)) throw error;
  if (error.kind === 'notFound' || (garbageIsMissing && error.kind === 'garbage')) throw youtubeNotFound();
  const why = { unreachable: "n'a pas pu être joint", status: 'a répondu une erreur', garbage: 'a répondu un contenu illisible' }[error.kind];
  throw new HttpError(502, `YouTube ${why} ; les données enregistrées sont inchangées. Réessayez plus tard.`);
}

/** Whether an address (a recipient's url or add_url) is a YouTube channel's. */
export const isYoutubeUrl = (value: string) => /youtube\.com\//i.test(value) && parseChannelRef(value) !== null;

/** The channel `input` names, or a 400 on `field`. */
export function youtubeRefOf(input: string, field: string): ChannelRef {
  const ref = parseChannelRef(input);
  if (!ref) {
    throw badRequest(field, `Le champ '${field}' doit être une adresse de chaîne YouTube, un @identifiant ou un identifiant de chaîne.`);
  }
  return ref;
}

/**
 * Reads the channel a person names in `field` (channel URL, @handle or id) from YouTube: its
 * name and latest videos. 400 when `input` names no channel, 404 when YouTube has none, 502
 * when YouTube fails.
 */
export async function readYoutubeChannel(feeds: FeedClient, input: string, field: string): Promise<YoutubeSnapshot> {
  const ref = youtubeRefOf(input, field);
  // A handle page without a channel id is a page of something else: no such channel.
  const channelId =
    ref.kind === 'id' ? ref.id : await feeds.resolveHandle(ref.handle).catch((e) => fromFeedError(e, { garbageIsMissing: true }));
  const feed = await feeds.fetchChannelFeed(channelId).catch((e) => fromFeedError(e, { garbageIsMissing: false }));
  return {
    channelId,
    name: feed.name,
    handle: ref.kind === 'handle' ? ref.handle : null,
    url: `${YOUTUBE_SITE}/channel/${channelId}`,
    videos: feed.videos
      .map((video) => ({
      id: video.videoId,
      title: video.title,
      published: video.published,
      views: video.views,
      thumbnail: video.thumbnail,
      url: `${YOUTUBE_SITE}/watch?v=${video.videoId}`,
    }))
      .sort((a, b) => b.published.localeCompare(a.published)),
  };
}
