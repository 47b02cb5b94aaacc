import { startApiServer, type RunningServer } from '../../e2e/support/apiServer';

/**
 * Starts the real API server (embedded database, demo seed) once for the web tests, and
 * points the SPA's API base URL at it.
 */
export default async function globalSetup(): Promise<void> {
  // No feed refresh: the demo seed's videos are what the web tests read. The tests sign the
  // demo users in many times a minute from one address; the login limit has its server tests.
  const server = await startApiServer({
    SKIP_WEB_BUILD: '1',
    FEED_REFRESH_MINUTES: '0',
    PUBLIC_WRITE_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT: '1000',
  });
  process.env.API_BASE_URL = `${server.url}/api`;
  (globalThis as { __API_SERVER__?: RunningServer }).__API_SERVER__ = server;
}
