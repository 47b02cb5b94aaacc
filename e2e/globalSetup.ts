import { startApiServer } from './support/apiServer';

/** One real server for the run; its URL reaches the tests through E2E_BASE_URL. */
export default async function globalSetup() {
  const server = await startApiServer({ SKIP_WEB_BUILD: '1' });
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
