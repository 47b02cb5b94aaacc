import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '../server/testing/smtpSink';
import { startApiServer } from './support/apiServer';

/**
 * One real server for the run, sending through a real SMTP sink that writes what it accepts
 * into a folder the tests read (E2E_MAIL_DIR); the server's URL reaches them through E2E_BASE_URL.
 */
export default async function globalSetup() {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-e2e-mail-'));
  let received = 0;
  const sink = await startSmtpSink({
    keep: false,
    onMessage: (message) => {
      received += 1;
      fs.writeFileSync(path.join(mailDir, `${String(received).padStart(5, '0')}.eml`), message.raw);
    },
  });
  const server = await startApiServer({ SKIP_WEB_BUILD: '1', SMTP_URL: sink.url, MAIL_POLL_MS: '200' });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    await server.stop();
    await sink.stop();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
