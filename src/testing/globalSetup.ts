import { startApiServer, type RunningServer } from '../../e2e/support/apiServer';

/**
 * Starts the real API server (embedded database, demo seed) once for the web tests, and
 * points the SPA's API base URL at it.
 */
export default async function globalSetup(): Promise<void> {
  // No feed refresh: the demo seed's videos are what the web tests read. Every test signs in
  // and writes from the same address, so the per-address limits are raised.
  const server = await startApiServer({
    SKIP_WEB_BUILD: '1',
    FEED_REFRESH_MINUTES: '0',
    PUBLIC_WRITE_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT: '1000',
  });
  process.env.API_BASE_URL = `${server.url}/api`;
  (globalThis as { __API_SERVER__?: RunningServer }).__API_SERVER__ = server;
}
