import { XMLParser } from 'fast-xml-parser';
import { FeedError, type ChannelFeed, type FeedVideo } from './types';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Titles such as "123" or "true" stay text.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'entry' || name === 'link',
  processEntities: true,
  htmlEntities: true,
});

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : null;

/** The text of an element that may carry attributes (`{'#text': ...}`) or none. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  return node && typeof node['#text'] === 'string' ? node['#text'].trim() || null : null;
}

const VIDEO_ID = /^[\w-]{6,20}$/;
export const CHANNEL_ID = /^UC[\w-]{22}$/;

function parseEntry(entry: unknown): FeedVideo | null {
  const node = asNode(entry);
  if (!node) return null;
  const videoId = text(node['yt:videoId']);
  const title = text(node.title);
  const published = text(node.published);
  if (!videoId || !VIDEO_ID.test(videoId) || !title || !published) return null;
  const date = new Date(published);
  if (Number.isNaN(date.getTime())) return null;
  const group = asNode(node['media:group']);
  const thumbnail = asNode(group?.['media:thumbnail']);
  const statistics = asNode(asNode(group?.['media:community'])?.['media:statistics']);
  const views = Number(statistics?.['@views']);
  const url = typeof thumbnail?.['@url'] === 'string' ? thumbnail['@url'] : null;
  const links = Array.isArray(node.link) ? node.link.map(asNode) : [];
  const short = links.some((link) => typeof link?.['@href'] === 'string' && /^https?:\/\/[^/]+\/shorts\//.test(link['@href']));
  return {
    videoId,
    title: title.slice(0, 500),
    published: date.toISOString(),
    thumbnail: url && /^https?:\/\//.test(url) ? url : null,
    views: Number.isSafeInteger(views) && views >= 0 ? views : 0,
    short,
  };
}

/**
 * Reads a YouTube channel feed (Atom with the `yt:` and `media:` namespaces). Anything that is
 * not such a feed, or the feed of another channel, is a FeedError('garbage'); entries missing
 * their id, title or date are skipped.
 */
export function parseChannelFeed(xml: string, expectedChannelId?: string): ChannelFeed {
  let document: Node;
  try {
    document = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new FeedError('garbage', `not XML: ${(error as Error).message.split('\n')[0]}`);
  }
  const feed = asNode(document.feed);
  const channelId = text(feed?.['yt:channelId']);
  if (!feed || !channelId) throw new FeedError('garbage', 'not a YouTube channel feed');
  const fullId = channelId.startsWith('UC') ? channelId : `UC${channelId}`;
  if (!CHANNEL_ID.test(fullId)) throw new FeedError('garbage', `bad channel id "${channelId}"`);
  if (expectedChannelId && fullId !== expectedChannelId) {
    throw new FeedError('garbage', `feed of ${fullId} instead of ${expectedChannelId}`);
  }
  const name = text(asNode(feed.author)?.name) ?? text(feed.title) ?? fullId;
  const entries = Array.isArray(feed.entry) ? feed.entry : [];
  const videos = entries.map(parseEntry).filter((v): v is FeedVideo => v !== null);
  return { channelId: fullId, name: name.slice(0, 200), videos };
}
