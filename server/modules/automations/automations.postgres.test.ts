import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startApiServer, type RunningServer } from '../../../e2e/support/apiServer';
import { b64 } from '../../testing/mailFixtures';
import { httpApi } from '../../testing/httpApi';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';

/**
 * Issue 23's exactly-once on the scaled-out form: two server processes on one PostgreSQL run a
 * 3-step automation (a 1-minute delay, a "non ouvert" condition) for 1,000 contacts, one of
 * them killed (SIGKILL) mid-run. Time is moved in the data (the last step's instant set back a
 * minute), not waited for.
 */
jest.setTimeout(300_000);

const CONTACTS = 1000;
const OPENERS = 300;
const BATCH = 50;
const base = process.env.TEST_DATABASE_URL as string;
const database = `tgm_auto_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
let db: pg.Client;
let sink: SmtpSink;
const servers: RunningServer[] = [];

const databaseUrl = () => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  sink = await startSmtpSink({ keep: true });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await db?.end();
  await sink?.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

const subjectOf = (raw: Buffer) => /^Subject: (.*)$/m.exec(raw.toString('utf8'))?.[1]?.trim() ?? '';

/** Distinct messages (by Message-ID) a subject went out as. */
const distinct = (subject: string) => new Set(sink.messages.filter((m) => subjectOf(m.raw) === subject).map((m) => m.messageId));

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(250);
  }
}

/** "A minute later": the entries' last step is moved a minute and a second into the past. */
async function aMinuteLater(automationId: number) {
  await db.query(`UPDATE automation_message SET at = at - interval '61 seconds' WHERE automation_id = $1`, [automationId]);
  await db.query(`UPDATE automation_entry SET due_at = now() WHERE automation_id = $1 AND state = 'en cours'`, [automationId]);
}

it('sends each step once per contact with two processes, one killed mid-run', async () => {
  const env = {
    DATABASE_URL: databaseUrl(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: sink.url,
    MAIL_BATCH_SIZE: String(BATCH),
    MAIL_POLL_MS: '100',
    AUTOMATIONS_TICK_SECONDS: '1',
    FEED_REFRESH_MINUTES: '0',
  };
  servers.push(...(await Promise.all([startApiServer(env), startApiServer(env)])));
  const [doomed, survivor] = servers;
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const token = await httpApi(doomed.url).login();
  const api = httpApi(survivor.url);
  const { delId: first, listId } = await api.prepareSend(token, 'etape-1', CONTACTS);
  const delivery = async (subject: string) =>
    (
      await api.call(token, 'POST', '/api/deliveries', {
        label: subject,
        internalname: subject.toLowerCase().replace(/\W+/g, '-'),
        subject,
        codeHtml: [b64(`<p>${subject}</p>`)],
        codeText: [b64(subject)],
      })
    ).id;
  // prepareSend names the template's subject 'Bonjour {{firstname}}': the first step says so.
  const reminder = await delivery('Relance');
  const last = await delivery('Etape 3');
  const automation = await api.call(token, 'POST', '/api/automations', {
    name: 'Séquence répartie',
    trigger: { type: 'liste', grp: listId },
    steps: [
      { delivery: first, delayMinutes: 0 },
      { delivery: reminder, delayMinutes: 1, condition: 'non ouvert' },
      { delivery: last, delayMinutes: 1 },
    ],
  });
  const activated = await api.call(token, 'POST', `/api/automations/${automation.id}/activate`, { includeExisting: true });
  expect(activated).toMatchObject({ entered: CONTACTS });

  // Step 1 runs on both processes; one dies while its worker sends.
  const firstStep = () => new Set(sink.messages.filter((m) => subjectOf(m.raw).startsWith('Bonjour')).map((m) => m.to[0])).size;
  await until('a quarter of step 1', () => firstStep() >= CONTACTS / 4);
  await doomed.crash();
  await until('all of step 1', () => firstStep() === CONTACTS);

  // 300 contacts open the first message; a minute passes.
  await db.query(
    `UPDATE mail_recipient SET opened_at = now() WHERE id IN (
       SELECT m.recipient_id FROM automation_message m JOIN grp_rcp c ON c.id = m.grp_rcp_id
       JOIN automation_step s ON s.id = m.step_id
       WHERE m.automation_id = $1 AND s.position = 0 AND c.firstname::text ~ '^C([1-9]|[1-9][0-9]|[12][0-9][0-9]|300)$')`,
    [automation.id],
  );
  await aMinuteLater(automation.id);
  await until('step 2', () => distinct('Relance').size === CONTACTS - OPENERS);
  await aMinuteLater(automation.id);
  await until('step 3', () => distinct('Etape 3').size === CONTACTS);
  // Another tick or two: nothing more is queued.
  await pause(3000);

  const queued = await db.query<{ position: number; status: string; n: number }>(
    `SELECT s.position, m.status, count(*)::int AS n FROM automation_message m JOIN automation_step s ON s.id = m.step_id
     WHERE m.automation_id = $1 GROUP BY s.position, m.status ORDER BY s.position, m.status`,
    [automation.id],
  );
  expect(queued.rows).toEqual([
    { position: 0, status: 'queued', n: CONTACTS },
    { position: 1, status: 'queued', n: CONTACTS - OPENERS },
    { position: 1, status: 'skipped', n: OPENERS },
    { position: 2, status: 'queued', n: CONTACTS },
  ]);
  const recipients = await db.query<{ n: number; contacts: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT (s.automation_step_id, r.contact_id))::int AS contacts
     FROM mail_recipient r JOIN mail_send s ON s.id = r.send_id WHERE s.automation_step_id IS NOT NULL`,
  );
  expect(recipients.rows[0]).toEqual({ n: 2 * CONTACTS + CONTACTS - OPENERS, contacts: 2 * CONTACTS + CONTACTS - OPENERS });
  // Each (step, contact) went out as one message: a resend after the crash is the same Message-ID.
  expect(distinct('Relance').size).toBe(CONTACTS - OPENERS);
  expect(distinct('Etape 3').size).toBe(CONTACTS);
  const firstIds = new Set(sink.messages.filter((m) => subjectOf(m.raw).startsWith('Bonjour')).map((m) => m.messageId));
  expect(firstIds.size).toBe(CONTACTS);
  expect(sink.messages.length - (3 * CONTACTS - OPENERS)).toBeLessThanOrEqual(BATCH);
  const figures = await api.call(token, 'GET', `/api/automations/${automation.id}`);
  expect((figures as unknown as { steps: { sent: number; skipped: number }[] }).steps.map((s) => [s.sent, s.skipped])).toEqual([
    [CONTACTS, 0],
    [CONTACTS - OPENERS, OPENERS],
    [CONTACTS, 0],
  ]);
});
