import { parseChannelFeed } from './parseFeed';
import { FeedError, type ChannelFeed } from './types';

export interface FeedClientOptions {
  /** YOUTUBE_FEED_URL: YouTube's origin, or a stand-in's. */
  baseUrl: string;
  timeoutMs?: number;
}

export interface FeedClient {
  /** The channel's latest videos from its feed; throws a FeedError when it cannot be read. */
  fetchChannelFeed(channelId: string): Promise<ChannelFeed>;
  /** The channel id behind a handle, read from the channel's page; throws a FeedError. */
  resolveHandle(handle: string): Promise<string>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
// A feed holds 15 entries (tens of kilobytes); a channel page a few hundred kilobytes.
const MAX_BYTES = 3 * 1024 * 1024;

const CANONICAL_CHANNEL = /<link[^>]+rel="canonical"[^>]+href="https?:\/\/(?:www\.)?youtube\.com\/channel\/(UC[\w-]{22})"/;
const EXTERNAL_ID = /"externalId":"(UC[\w-]{22})"/;

export function createFeedClient({ baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS }: FeedClientOptions): FeedClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function get(url: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new FeedError('unreachable', `${url} unreachable (${cause})`);
    }
    if (response.status === 404) throw new FeedError('notFound', `${url} answered 404`);
    if (!response.ok) throw new FeedError('status', `${url} answered ${response.status}`);
    const declared = Number(response.headers.get('content-length'));
    if (declared > MAX_BYTES) throw new FeedError('garbage', `${url} is too large`);
    const body = await response.text();
    if (body.length > MAX_BYTES) throw new FeedError('garbage', `${url} is too large`);
    return body;
  }

  return {
    async fetchChannelFeed(channelId) {
      const xml = await get(`${base}/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`);
      return parseChannelFeed(xml, channelId);
    },
    async resolveHandle(handle) {
      const page = await get(`${base}/@${encodeURIComponent(handle)}`);
      const id = CANONICAL_CHANNEL.exec(page)?.[1] ?? EXTERNAL_ID.exec(page)?.[1];
      if (!id) throw new FeedError('garbage', `no channel id on the page of @${handle}`);
      return id;
    },
  };
}
