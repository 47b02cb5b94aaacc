import { startApiServer } from './support/apiServer';
import { startDemoYoutube } from './support/youtube';

/** One real server for the run, reading feeds from a local YouTube stand-in; its URL reaches the tests through E2E_BASE_URL. */
export default async function globalSetup() {
  const youtube = await startDemoYoutube();
  const server = await startApiServer({
    SKIP_WEB_BUILD: '1',
    YOUTUBE_FEED_URL: youtube.url,
    // Every test signs up from the same address.
    PUBLIC_WRITE_RATE_LIMIT: '1000',
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    await youtube.close();
  };
}
