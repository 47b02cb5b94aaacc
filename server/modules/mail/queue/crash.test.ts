import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer, type RunningServer } from '../../../../e2e/support/apiServer';
import { openDb } from '../../../db/db';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { b64 } from '../../../testing/mailFixtures';

jest.setTimeout(180_000);

const CONTACTS = 200;
let sink: SmtpSink;
let server: RunningServer | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-crash-'));

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The real server on the same data each time, as after a restart. */
const start = () =>
  startApiServer({
    DATA_DIR: dataDir,
    SKIP_WEB_BUILD: '1',
    SMTP_URL: sink.url,
    SMTP_POOL_SIZE: '2',
    MAIL_BATCH_SIZE: '20',
    MAIL_POLL_MS: '100',
  });

/** What this test reads of the API's answers. */
interface Answer {
  id: number;
  token: string;
  total: number;
  status: string;
}

async function api(base: string, token: string | null, method: string, url: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Answer;
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

it('a server killed (SIGKILL) mid-send resumes after restart; duplicates carry the same Message-ID', async () => {
  sink = await startSmtpSink({ delayMs: 15 });
  server = await start();
  const { token } = await api(server.url, null, 'POST', '/api/login_check', {
    email: 'admin@tgm.local',
    password: 'admin-tgm-2026',
  });
  const call = (method: string, url: string, body?: unknown) =>
    api((server as RunningServer).url, token, method, url, body);
  const delivery = await call('POST', '/api/deliveries', {
    label: 'Crash',
    internalname: 'crash',
    subject: 'Bonjour {{firstname}}',
    codeHtml: [b64('<p>Bonjour {{firstname}}</p>')],
    codeText: [b64('Bonjour {{firstname}}')],
  });
  const list = await call('POST', '/api/grps', { subject: 'Crash' });
  for (let i = 1; i <= CONTACTS; i += 1) {
    await call('POST', '/api/grp_rcps', { email: `c${i}@example.org`, firstname: `C${i}`, grp: list.id });
  }

  const send = await call('POST', '/api/sendEmail', { delId: delivery.id, listId: list.id });
  expect(send.total).toBe(CONTACTS);
  await sink.waitForCount(50);
  await server.crash();
  const receivedAtKill = sink.count;

  // What the database holds as claimed but not recorded: the messages in flight at the kill.
  const db = await openDb({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
  const [{ inFlight, sent }] = await db.query<{ inFlight: number; sent: number }>(
    `SELECT count(*) FILTER (WHERE status = 'sending')::int AS "inFlight", count(*) FILTER (WHERE status = 'sent')::int AS sent
     FROM mail_recipient WHERE send_id = $1`,
    [send.id],
  );
  await db.close();
  expect(sent).toBeLessThan(CONTACTS);

  server = await start();
  const deadline = Date.now() + 60_000;
  let view = await call('GET', `/api/sends/${send.id}`);
  while (view.status !== 'completed' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    view = await call('GET', `/api/sends/${send.id}`);
  }
  expect(view).toMatchObject({ status: 'completed', sent: CONTACTS, failed: 0, pending: 0 });

  const byContact = new Map<string, Set<string>>();
  const copies = new Map<string, number>();
  for (const message of sink.messages) {
    const to = message.to[0];
    byContact.set(to, (byContact.get(to) ?? new Set()).add(message.messageId));
    copies.set(to, (copies.get(to) ?? 0) + 1);
  }
  const duplicates = sink.messages.length - byContact.size;
  console.info(
    `killed with ${receivedAtKill} messages received, ${sent} recorded sent, ${inFlight} in flight; ` +
      `after restart: ${sink.messages.length} messages for ${byContact.size} contacts, ${duplicates} duplicates`,
  );
  expect(byContact.size).toBe(CONTACTS);
  // A duplicate is the same message again: one Message-ID per contact.
  expect([...byContact.values()].every((ids) => ids.size === 1)).toBe(true);
  expect(duplicates).toBeLessThanOrEqual(inFlight);
});
