import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '../server/testing/smtpSink';
import { startApiServer } from './support/apiServer';
import { startDemoYoutube } from './support/youtube';
import { startDemoX } from './support/x';

/**
 * One real server for the run: it reads feeds from a local YouTube stand-in and X from a
 * stand-in of its API, and sends through a real SMTP sink that writes what it accepts into a
 * folder the tests read (E2E_MAIL_DIR); its URL reaches the tests through E2E_BASE_URL.
 */
export default async function globalSetup() {
  const [youtube, x] = await Promise.all([startDemoYoutube(), startDemoX()]);
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-e2e-mail-'));
  let received = 0;
  const sink = await startSmtpSink({
    keep: false,
    onMessage: (message) => {
      received += 1;
      fs.writeFileSync(path.join(mailDir, `${String(received).padStart(5, '0')}.eml`), message.raw);
    },
  });
  const server = await startApiServer({
    SKIP_WEB_BUILD: '1',
    YOUTUBE_FEED_URL: youtube.url,
    X_API_BASE_URL: x.url,
    X_API_BEARER_TOKEN: x.token,
    // Every test signs in and up from the same address.
    PUBLIC_WRITE_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT: '1000',
    SMTP_URL: sink.url,
    MAIL_POLL_MS: '200',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_YOUTUBE_URL = youtube.url;
  return async () => {
    await server.stop();
    await sink.stop();
    await youtube.close();
    await x.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
