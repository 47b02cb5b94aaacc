import nodemailer from 'nodemailer';
import { createTestApp, userIdOf, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { freePort } from '../../testing/ports';
import { getSend, makeDelivery, makeList, startSend, waitForSend } from '../../testing/mailFixtures';
import { runAutomations } from '../automations/runner';
import { suppressAddresses } from './repository';

/**
 * Issue 37's rule, end to end on the real queue, worker, bounce receiver and SMTP server: a
 * person who hard-bounces, or who leaves every list (as the preference page records it), then
 * is imported into a new list, subscribes through the public route, or is targeted by any send
 * (a send, a planned send, a schedule, an automation step, a test send), receives nothing more.
 * Runs on both engines (`npm run test:server:postgres`).
 */
const BOUNCE_DOMAIN = 'bounces.tgm.example';
const ANA = 'ana.rebond@example.org';
const CLEO = 'cleo.partie@example.org';
const BOB = 'bob.reste@example.org';
const EVE = 'eve.tardive@example.org';

let sink: SmtpSink;
let t: TestApp;
let operator: { authorization: string };
let admin: { authorization: string };
let owner: number;
let receiverPort: number;

beforeAll(async () => {
  // Eve's server answers "try later" until the end: her message waits in the queue for its retry.
  sink = await startSmtpSink({ refuse: (address) => (address === EVE ? 451 : undefined) });
  receiverPort = await freePort();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_RETRY_MAX_MS: '300',
    BOUNCE_DOMAIN,
    BOUNCE_SMTP_PORT: String(receiverPort),
    BOUNCE_SMTP_HOST: '127.0.0.1',
    AUTOMATIONS_TICK_SECONDS: '0',
    BAT_RATE_LIMIT: '100',
  });
  operator = await t.operatorBearer();
  admin = await t.adminBearer();
  owner = userIdOf(operator);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const to = (address: string) => sink.messages.filter((m) => m.to.includes(address));

/** A Postfix-like DSN for `recipient`, handed to the envelope sender over SMTP with the null sender. */
async function hardBounce(recipient: string): Promise<void> {
  const returnPath = to(recipient).slice(-1)[0].from;
  const raw = [
    'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)',
    `To: ${returnPath}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"',
    '',
    '--B0UND',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Your message could not be delivered.',
    '',
    '--B0UND',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: User unknown`,
    '',
    '--B0UND--',
    '',
  ].join('\r\n');
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: receiverPort, secure: false, ignoreTLS: true });
  try {
    await mailer.sendMail({ envelope: { from: '', to: returnPath }, raw });
  } finally {
    mailer.close();
  }
}

const upload = (grp: number, csv: string) =>
  t.app.inject({ method: 'POST', url: `/api/grps/${grp}/import`, headers: { ...operator, 'content-type': 'text/csv' }, payload: csv });
const subscribe = (grp: number, email: string) =>
  t.app.inject({ method: 'POST', url: `/api/grps/${grp}/subscribe`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email }) });

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('a person who hard-bounces, or leaves every list, receives nothing more by any route', async () => {
  const delivery = await makeDelivery(t, admin, { subject: 'Lettre', html: '<p>Lettre</p>', text: 'Lettre', user: owner });
  // Put into production (MEP): what a schedule sends.
  expect((await t.call('POST', '/api/amp/bo/modele/new', admin, { id: delivery })).statusCode).toBe(201);
  const first = await makeList(t, operator, [{ email: ANA }, { email: CLEO }, { email: BOB }]);
  const second = await makeList(t, operator, [{ email: CLEO }, { email: BOB }]);
  const first0 = await startSend(t, operator, delivery, first);
  await waitForSend(t, operator, first0.id);
  expect([to(ANA).length, to(CLEO).length, to(BOB).length]).toEqual([1, 1, 1]);

  // Ana's server refuses her address for good: the report comes back to the receiver.
  await hardBounce(ANA);
  await until('the bounce recorded', async () => (await t.db.query('SELECT 1 FROM suppression WHERE email = $1', [ANA])).length > 0);
  // Cléo leaves every list (what the preference page records, with its client's address).
  await suppressAddresses(t.db, [{ owner, email: CLEO, reason: 'désabonné', source: 'formulaire' }]);
  const listed = (await t.call('GET', '/api/suppressions?order[email]=asc', operator)).json()['hydra:member'];
  expect(listed.map((s: { email: string; reason: string; source: string }) => [s.email, s.reason, s.source])).toEqual([
    [ANA, 'rejeté', 'message'],
    [CLEO, 'désabonné', 'formulaire'],
  ]);

  // Imported into a new list: skipped, counted.
  const third = (await t.call('POST', '/api/grps', operator, { subject: 'Nouvelle' })).json().id;
  const imported = await upload(third, `email\n${ANA.toUpperCase()}\n${CLEO}\n${BOB}\n`);
  expect(imported.json()).toMatchObject({ added: 1, suppressed: 2, suppressedLines: [2, 3] });
  // Added through the public route: the same answer as anyone's, no contact, no confirmation.
  const open = (await t.call('POST', '/api/grps', operator, { subject: 'Publique', doubleOptIn: true })).json().id;
  for (const address of [ANA, CLEO]) expect((await subscribe(open, address)).statusCode).toBe(202);
  expect(await t.db.query('SELECT email FROM grp_rcp WHERE grp_id = $1', [open])).toEqual([]);
  // Added by an operator: refused, naming why.
  for (const [address, reason] of [[ANA, 'rejeté'], [CLEO, 'désabonné']]) {
    const refused = await t.call('POST', '/api/grp_rcps', operator, { email: address, grp: third });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`motif : ${reason}`);
  }
  // A test send: refused, naming why.
  const bat = await t.call('POST', '/api/email/encoded', operator, { email: CLEO, delId: delivery });
  expect(bat.statusCode).toBe(409);
  expect(bat.json().message).toContain('motif : désabonné');

  // Every kind of send to every list: a send, a planned send, a schedule, an automation step.
  const sends = [await startSend(t, operator, delivery, first), await startSend(t, operator, delivery, second), await startSend(t, operator, delivery, third)];
  expect(sends.map((send) => send.total)).toEqual([1, 1, 1]);
  const planned = await t.call('POST', '/api/sendEmail', operator, { delId: delivery, listId: second, sendAt: new Date(Date.now() + 3_600_000).toISOString() });
  const schedule = await t.call('POST', '/api/schedules', operator, { delId: delivery, listId: first, frequency: 'unique', firstAt: new Date(Date.now() + 3_600_000).toISOString() });
  expect([planned.statusCode, schedule.statusCode]).toEqual([202, 201]);
  await t.db.query('UPDATE mail_send SET send_at = now() WHERE id = $1', [planned.json().id]);
  await t.db.query('UPDATE mail_schedule SET next_at = now() WHERE id = $1', [schedule.json().id]);
  const automation = (
    await t.call('POST', '/api/automations', operator, { name: 'Relance', trigger: { type: 'liste', grp: second }, steps: [{ delivery, delayMinutes: 0 }] })
  ).json();
  expect((await t.call('POST', `/api/automations/${automation.id}/activate`, operator, { includeExisting: true })).json()).toEqual({ entered: 2 });
  const run = await runAutomations(t.db, { now: new Date(), timezone: 'Europe/Paris' });
  expect(run).toMatchObject({ queued: 1, left: 1 });

  // Bob gets each of the six; Ana and Cléo nothing more.
  await until('Bob has every message', async () => to(BOB).length >= 7);
  for (const send of sends) await waitForSend(t, operator, send.id);
  const scheduled = await t.db.query<{ id: number; total: number; status: string }>(
    'SELECT id, total, status FROM mail_send WHERE id = $1 OR schedule_id = $2 ORDER BY id',
    [planned.json().id, schedule.json().id],
  );
  expect(scheduled.map((send) => send.total)).toEqual([1, 1]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(to(BOB)).toHaveLength(7);
  expect([to(ANA).length, to(CLEO).length]).toEqual([1, 1]);
});

it('a suppression added after a send queued the address skips its message when it is composed', async () => {
  const delivery = await makeDelivery(t, admin, { subject: 'Tardive', html: '<p>Tardive</p>', text: 'Tardive', user: owner });
  const list = await makeList(t, operator, [{ email: EVE }, { email: 'frank.recoit@example.org' }]);
  const send = await startSend(t, operator, delivery, list);
  expect(send.total).toBe(2);
  // Eve's message was claimed and put back for a retry: it is in the queue, not sent.
  await until('Eve refused once', async () => {
    const [row] = await t.db.query<{ attempts: number }>(
      `SELECT r.attempts FROM mail_recipient r JOIN grp_rcp c ON c.id = r.contact_id WHERE r.send_id = $1 AND c.email = $2`,
      [send.id, EVE],
    );
    return (row?.attempts ?? 0) >= 1;
  });
  expect(await getSend(t, operator, send.id)).toMatchObject({ status: 'running', skipped: 0 });
  expect((await t.call('POST', '/api/suppressions', operator, { email: EVE, reason: 'opérateur' })).statusCode).toBe(201);
  const done = await waitForSend(t, operator, send.id);
  expect(done).toMatchObject({ sent: 1, skipped: 1, failed: 0 });
  const [eve] = await t.db.query<{ status: string }>(
    `SELECT r.status FROM mail_recipient r JOIN grp_rcp c ON c.id = r.contact_id WHERE r.send_id = $1 AND c.email = $2`,
    [send.id, EVE],
  );
  expect(eve.status).toBe('skipped');
  expect(sink.messages.filter((m) => m.to.includes(EVE))).toHaveLength(0);
});
