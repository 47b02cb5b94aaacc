import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeedVideo } from '../modules/feeds/types';

/**
 * A local stand-in of YouTube for tests: channel feeds in YouTube's Atom format (with the
 * `yt:` and `media:` namespaces) at /feeds/videos.xml?channel_id=, and channel pages at
 * /@handle carrying the canonical channel link, as youtube.com serves them.
 */
export interface StandInChannel {
  channelId: string;
  name: string;
  videos: FeedVideo[];
}

/** A video of October 2026 (day `day`) with a thumbnail on YouTube's image host. */
export const standInVideo = (videoId: string, title: string, views: number, day: number): FeedVideo => ({
  videoId,
  title,
  published: `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  thumbnail: `https://i1.ytimg.com/vi/${videoId}/hqdefault.jpg`,
  views,
});

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderFeed({ channelId, name, videos }: StandInChannel): string {
  const channelUrl = `https://www.youtube.com/channel/${channelId}`;
  const author = `<author><name>${escapeXml(name)}</name><uri>${channelUrl}</uri></author>`;
  const entries = videos.map(
    (v) => ` <entry>
  <id>yt:video:${v.videoId}</id>
  <yt:videoId>${v.videoId}</yt:videoId>
  <yt:channelId>${channelId}</yt:channelId>
  <title>${escapeXml(v.title)}</title>
  <link rel="alternate" href="https://www.youtube.com/${v.short ? `shorts/${v.videoId}` : `watch?v=${v.videoId}`}"/>
  ${author}
  <published>${v.published}</published>
  <updated>${v.published}</updated>
  <media:group>
   <media:title>${escapeXml(v.title)}</media:title>
   <media:content url="https://www.youtube.com/v/${v.videoId}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   ${v.thumbnail ? `<media:thumbnail url="${escapeXml(v.thumbnail)}" width="480" height="360"/>` : ''}
   <media:description>${escapeXml(v.title)}</media:description>
   <media:community>
    <media:starRating count="12" average="5.00" min="1" max="5"/>
    <media:statistics views="${v.views}"/>
   </media:community>
  </media:group>
 </entry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${channelId}"/>
 <id>yt:channel:${channelId}</id>
 <yt:channelId>${channelId}</yt:channelId>
 <title>${escapeXml(name)}</title>
 <link rel="alternate" href="${channelUrl}"/>
 ${author}
 <published>2020-01-01T00:00:00+00:00</published>
${entries.join('\n')}
</feed>
`;
}

/** What the stand-in answers for a channel's feed: a body, or a failure. */
export type FeedAnswer = { xml: string } | { status: number; body?: string };

export interface YoutubeStandIn {
  url: string;
  feeds: Map<string, FeedAnswer>;
  /** handle (without @) → channel id. */
  handles: Map<string, string>;
  /** Paths requested, in order. */
  requests: string[];
  /** The most feed requests served at once. */
  maxInFlight: number;
  /** Delay of each feed answer, to observe concurrency. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startYoutubeStandIn(): Promise<YoutubeStandIn> {
  let inFlight = 0;
  const state = {
    feeds: new Map<string, FeedAnswer>(),
    handles: new Map<string, string>(),
    requests: [] as string[],
    maxInFlight: 0,
    delayMs: 0,
  };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    // Browser tests, in processes of their own, publish videos through this door.
    const published = /^\/__stand-in\/feeds\/(UC[\w-]{22})$/.exec(url.pathname);
    if (published && request.method === 'PUT') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      state.feeds.set(published[1], { xml: Buffer.concat(chunks).toString('utf8') });
      return response.writeHead(204).end();
    }
    state.requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/feeds/videos.xml') {
      inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      inFlight -= 1;
      const answer = state.feeds.get(url.searchParams.get('channel_id') ?? '');
      if (!answer) return response.writeHead(404, { 'content-type': 'text/html' }).end('<html>404 Not Found</html>');
      if ('xml' in answer) {
        return response.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end(answer.xml);
      }
      return response.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.body ?? '');
    }
    const handle = /^\/@([^/]+)$/.exec(url.pathname)?.[1];
    const channelId = handle ? state.handles.get(decodeURIComponent(handle).toLowerCase()) : undefined;
    if (channelId) {
      return response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!DOCTYPE html><html><head><link rel="canonical" href="https://www.youtube.com/channel/${channelId}"></head><body></body></html>`,
        );
    }
    response.writeHead(404, { 'content-type': 'text/html' }).end('<html>404 Not Found</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
