import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderFeed } from '../../server/testing/youtubeStandIn';

/**
 * YouTube's channel feeds for any channel id, in a process of its own (run with
 * `node --import tsx`) so that it does not share a core with what it measures: 15 videos a
 * feed, as YouTube serves them, after `delayMs` (a network's round trip). Parent messages:
 * {served: true} answers {served: n}, the feeds served so far.
 */
const delayMs = Number(process.env.FEEDS_DELAY_MS ?? 0);
let served = 0;

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://feeds');
  const channelId = url.searchParams.get('channel_id') ?? '';
  if (url.pathname !== '/feeds/videos.xml' || !/^UC[\w-]{22}$/.test(channelId)) {
    response.writeHead(404, { 'content-type': 'text/html' }).end('<html>404 Not Found</html>');
    return;
  }
  const videos = Array.from({ length: 15 }, (_, i) => {
    const videoId = `${channelId.slice(-9)}${String(i).padStart(2, '0')}`;
    return {
      videoId,
      title: `Vidéo ${i + 1} de ${channelId} : un titre comme ils le sont, assez long pour être réaliste`,
      published: new Date(Date.UTC(2026, 9, 28 - i, 10)).toISOString(),
      thumbnail: `https://i1.ytimg.com/vi/${videoId}/hqdefault.jpg`,
      views: 1000 + i,
    };
  });
  setTimeout(() => {
    served += 1;
    response.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end(renderFeed({ channelId, name: `Chaîne ${channelId.slice(-6)}`, videos }));
  }, delayMs);
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('message', (message: { served?: boolean }) => {
  if (message.served) process.send?.({ served });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
