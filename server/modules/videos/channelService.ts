import type { Db } from '../../db/db';
import { badRequest, HttpError, notFound } from '../../shared/errors';
import { parseChannelRef } from '../feeds';
import type { FeedClient } from '../feeds';
import { recordFeedSuccess } from '../feeds';
import { FeedError } from '../feeds';
import { findChannel, upsertChannel, upsertVideos, type ChannelRow } from './repository';

function fromFeedError(error: unknown): never {
  if (error instanceof FeedError && (error.kind === 'notFound' || error.kind === 'garbage')) throw notFound('Chaîne');
  if (error instanceof FeedError) {
    throw new HttpError(502, "YouTube n'a pas pu être joint pour lire cette chaîne. Réessayez plus tard.");
  }
  throw error;
}

/**
 * The channel a person names (channel URL, handle or id, in `field`): a known one, or one read
 * from YouTube and stored with its latest videos.
 */
export async function findOrFetchChannel(db: Db, feeds: FeedClient, input: string, field: string): Promise<ChannelRow> {
  const ref = parseChannelRef(input);
  if (!ref) {
    throw badRequest(field, `Le champ '${field}' doit être une adresse de chaîne YouTube, un @identifiant ou un identifiant de chaîne.`);
  }
  const known = await findChannel(db, ref.kind === 'id' ? { youtubeId: ref.id } : { handle: ref.handle });
  if (known) return known;
  const handle = ref.kind === 'handle' ? ref.handle : null;
  const youtubeId = ref.kind === 'id' ? ref.id : await feeds.resolveHandle(ref.handle).catch(fromFeedError);
  const feed = await feeds.fetchChannelFeed(youtubeId).catch(fromFeedError);
  return db.transaction(async (tx) => {
    const channel = await upsertChannel(tx, { youtubeId, name: feed.name, handle });
    await upsertVideos(tx, channel.id, feed.videos);
    await recordFeedSuccess(tx, channel.id);
    return channel;
  });
}
