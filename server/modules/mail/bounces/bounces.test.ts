import nodemailer from 'nodemailer';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { freePort } from '../../../testing/ports';
import { getSend, makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';
import { recordBounces } from './bounces';

const BOUNCE_DOMAIN = 'bounces.tgm.example';
let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };
let receiverPort: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  receiverPort = await freePort();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    BOUNCE_DOMAIN,
    BOUNCE_SMTP_PORT: String(receiverPort),
    BOUNCE_SMTP_HOST: '127.0.0.1',
    BOUNCE_SOFT_LIMIT: '2',
  });
  admin = await t.adminBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

/** A mail server handing a bounce back to the envelope sender, over SMTP, with the null sender. */
async function bounceTo(returnPath: string, raw: string): Promise<void> {
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: receiverPort, secure: false, ignoreTLS: true });
  try {
    await mailer.sendMail({ envelope: { from: '', to: returnPath }, raw });
  } finally {
    mailer.close();
  }
}

/** An RFC 3464 report as Postfix writes it. */
const dsn = (returnPath: string, recipient: string, action: string, status: string, diagnostic: string) =>
  [
    'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)',
    `To: ${returnPath}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"',
    '',
    '--B0UND',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.org.',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--B0UND',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    'Arrival-Date: Sun, 22 Nov 2026 21:00:00 +0100 (CET)',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Remote-MTA: dns; mail.example.org`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
    '--B0UND',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    'Subject: Bonjour',
    '',
    '--B0UND--',
    '',
  ].join('\r\n');

const envelopeOf = (address: string) => {
  const messages = sink.messages.filter((m) => m.to.includes(address));
  return messages[messages.length - 1].from;
};
const statusOf = async (email: string) =>
  (await t.db.query<{ grp_id: number; status: string }>('SELECT grp_id, status FROM grp_rcp WHERE email = $1 ORDER BY grp_id', [email]));

async function sendTo(listId: number) {
  const delId = await makeDelivery(t, admin);
  const started = await startSend(t, admin, delId, listId);
  await waitForSend(t, admin, started.id);
  return started.id;
}

describe('bounces through VERP and the built-in receiver', () => {
  it('gives each message a signed VERP envelope sender, and rejects a hard-bounced address in every list of its owner', async () => {
    const listId = await makeList(t, admin, [{ email: 'ana@example.org' }, { email: 'bob@example.org' }]);
    const otherList = await makeList(t, admin, [{ email: 'ANA@example.org' }, { email: 'carl@example.org' }]);
    const sendId = await sendTo(listId);
    const returnPath = envelopeOf('ana@example.org');
    expect(returnPath).toMatch(new RegExp(`^bounce\\+${sendId}\\.\\d+\\.[0-9a-f]{20}@${BOUNCE_DOMAIN.replace(/\./g, '\\.')}$`));
    expect(envelopeOf('bob@example.org')).not.toBe(returnPath);

    await bounceTo(returnPath, dsn(returnPath, 'ana@example.org', 'failed', '5.1.1', '550 5.1.1 <ana@example.org>: User unknown'));

    expect(await statusOf('ana@example.org')).toEqual([{ grp_id: listId, status: 'rejeté' }]);
    expect(await statusOf('ANA@example.org')).toEqual([{ grp_id: otherList, status: 'rejeté' }]);
    expect((await statusOf('bob@example.org'))[0].status).toBe('actif');
    const view = await getSend(t, admin, sendId);
    expect(view).toMatchObject({ sent: 2, bounced: 1 });
    expect((view as unknown as { bounces: unknown[] }).bounces).toEqual([
      expect.objectContaining({ email: 'ana@example.org', kind: 'hard', status: '5.1.1', source: 'smtp', rejected: true, reason: '550 5.1.1 <ana@example.org>: User unknown' }),
    ]);

    // The same report delivered twice counts the contact once.
    await bounceTo(returnPath, dsn(returnPath, 'ana@example.org', 'failed', '5.1.1', '550 5.1.1 User unknown'));
    expect(await getSend(t, admin, sendId)).toMatchObject({ bounced: 1 });

    // Neither list mails the address again…
    const next = await startSend(t, admin, await makeDelivery(t, admin), otherList);
    expect(next.total).toBe(1);
    await waitForSend(t, admin, next.id);

    // …it is on the owner's suppression list, which keeps it out of every list…
    const [ana] = await t.db.query<{ id: number }>(`SELECT id FROM grp_rcp WHERE email = 'ANA@example.org'`);
    expect((await t.call('GET', '/api/suppressions/ana%40example.org', admin)).json()).toMatchObject({ reason: 'rejeté', source: 'message' });
    const refused = await t.call('PATCH', `/api/grp_rcps/${ana.id}`, admin, { actif: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('motif : rejeté');
    // …until an operator takes it off there and clears it from the contacts table.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/suppressions/ana%40example.org', headers: admin })).statusCode).toBe(204);
    const cleared = await t.call('PATCH', `/api/grp_rcps/${ana.id}`, admin, { actif: 1 });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ status: 'actif', actif: 1 });
    const again = await startSend(t, admin, await makeDelivery(t, admin), otherList);
    expect(again.total).toBe(2);
    await waitForSend(t, admin, again.id);
  });

  it('refuses unsigned, forged or foreign addresses at RCPT, and changes nothing', async () => {
    const listId = await makeList(t, admin, [{ email: 'dora@example.org' }]);
    const sendId = await sendTo(listId);
    const real = envelopeOf('dora@example.org');
    const [, contactId] = /^bounce\+\d+\.(\d+)\./.exec(real)!;
    const forged = [
      `bounce+${sendId}.${contactId}.${'0'.repeat(20)}@${BOUNCE_DOMAIN}`,
      `bounce+${sendId}.${Number(contactId) + 1}.${real.split('.')[2].slice(0, 20)}@${BOUNCE_DOMAIN}`,
      `bounce@${BOUNCE_DOMAIN}`,
      real.replace(BOUNCE_DOMAIN, 'elsewhere.example'),
    ];
    for (const address of forged) {
      await expect(bounceTo(address, dsn(address, 'dora@example.org', 'failed', '5.1.1', '550 User unknown'))).rejects.toThrow(/550/);
    }
    expect((await statusOf('dora@example.org'))[0].status).toBe('actif');
    expect(await getSend(t, admin, sendId)).toMatchObject({ bounced: 0 });
    expect(await t.db.query('SELECT 1 FROM mail_bounce WHERE send_id = $1', [sendId])).toHaveLength(0);
  });

  it('counts temporary failures and rejects the address after BOUNCE_SOFT_LIMIT sends in a row', async () => {
    const listId = await makeList(t, admin, [{ email: 'eve@example.org' }]);
    const first = await sendTo(listId);
    const firstPath = envelopeOf('eve@example.org');
    await bounceTo(firstPath, dsn(firstPath, 'eve@example.org', 'delayed', '4.2.2', '452 4.2.2 Mailbox full'));
    expect((await statusOf('eve@example.org'))[0].status).toBe('actif');
    expect(await getSend(t, admin, first)).toMatchObject({ bounced: 0 });

    // A send that came back fine breaks the row.
    await sendTo(listId);
    const third = await sendTo(listId);
    const thirdPath = envelopeOf('eve@example.org');
    await bounceTo(thirdPath, dsn(thirdPath, 'eve@example.org', 'failed', '4.2.2', '452 4.2.2 Mailbox full'));
    expect((await statusOf('eve@example.org'))[0].status).toBe('actif');

    const fourth = await sendTo(listId);
    const fourthPath = envelopeOf('eve@example.org');
    await bounceTo(fourthPath, dsn(fourthPath, 'eve@example.org', 'delayed', '4.4.1', '421 4.4.1 Connection timed out'));
    expect((await statusOf('eve@example.org'))[0].status).toBe('rejeté');
    expect(await getSend(t, admin, fourth)).toMatchObject({ bounced: 1 });
    expect(await getSend(t, admin, third)).toMatchObject({ bounced: 0 });
    const rows = await t.db.query<{ kind: string; soft_in_a_row: number; rejected: boolean }>(
      `SELECT kind, soft_in_a_row, rejected FROM mail_bounce WHERE email = 'eve@example.org' ORDER BY id`,
    );
    expect(rows).toEqual([
      { kind: 'soft', soft_in_a_row: 1, rejected: false },
      { kind: 'soft', soft_in_a_row: 1, rejected: false },
      { kind: 'soft', soft_in_a_row: 2, rejected: true },
    ]);

    // Cleared by an operator, the address starts a new row: one soft bounce does not reject it again.
    const [eve] = await t.db.query<{ id: number }>(`SELECT id FROM grp_rcp WHERE email = 'eve@example.org'`);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/suppressions/eve%40example.org', headers: admin })).statusCode).toBe(204);
    expect((await t.call('PATCH', `/api/grp_rcps/${eve.id}`, admin, { actif: 1 })).json()).toMatchObject({ status: 'actif' });
    await sendTo(listId);
    const fifthPath = envelopeOf('eve@example.org');
    await bounceTo(fifthPath, dsn(fifthPath, 'eve@example.org', 'delayed', '4.2.2', '452 4.2.2 Mailbox full'));
    expect((await statusOf('eve@example.org'))[0].status).toBe('actif');
  });

  it('reads plain bounce messages, and ignores auto-replies and delivery notices', async () => {
    const listId = await makeList(t, admin, [{ email: 'fay@example.org' }, { email: 'gus@example.org' }]);
    await sendTo(listId);
    const fay = envelopeOf('fay@example.org');
    const gus = envelopeOf('gus@example.org');
    await bounceTo(gus, ['From: postmaster@example.org', `To: ${gus}`, 'Subject: Absent', 'Auto-Submitted: auto-replied', '', "Je suis absente jusqu'au 5, réponse 550 à mon retour."].join('\r\n'));
    await bounceTo(gus, dsn(gus, 'gus@example.org', 'delivered', '2.0.0', '250 2.0.0 Ok'));
    expect((await statusOf('gus@example.org'))[0].status).toBe('actif');

    await bounceTo(fay, ['From: postmaster@example.org', `To: ${fay}`, 'Subject: Delivery failure', '', 'Your message to fay@example.org could not be delivered.', 'Remote server said: 550 5.7.1 Relaying denied', ''].join('\r\n'));
    expect((await statusOf('fay@example.org'))[0].status).toBe('rejeté');
    const [bounce] = await t.db.query<{ status: string; diagnostic: string }>(`SELECT status, diagnostic FROM mail_bounce WHERE email = 'fay@example.org'`);
    expect(bounce).toEqual({ status: '5.7.1', diagnostic: 'Remote server said: 550 5.7.1 Relaying denied' });
  });

  it('records reports arriving together over several connections as each alone, duplicates and soft ones included', async () => {
    const emails = ['e1', 'e2', 'e3', 'e4', 'e5', 'soft'].map((name) => `${name}@batch.example.org`);
    const listId = await makeList(t, admin, emails.map((email) => ({ email })));
    const sendId = await sendTo(listId);
    const hard = emails.slice(0, 5).map((email) => ({ email, returnPath: envelopeOf(email) }));
    const soft = envelopeOf('soft@batch.example.org');
    await Promise.all([
      ...hard.map(({ email, returnPath }) => bounceTo(returnPath, dsn(returnPath, email, 'failed', '5.1.1', '550 5.1.1 User unknown'))),
      bounceTo(hard[0].returnPath, dsn(hard[0].returnPath, hard[0].email, 'failed', '5.1.1', '550 5.1.1 User unknown')),
      bounceTo(soft, dsn(soft, 'soft@batch.example.org', 'failed', '4.2.2', '452 4.2.2 Mailbox full')),
    ]);
    expect(await getSend(t, admin, sendId)).toMatchObject({ sent: 6, bounced: 5 });
    for (const { email } of hard) expect(await statusOf(email)).toEqual([{ grp_id: listId, status: 'rejeté' }]);
    expect(await statusOf('soft@batch.example.org')).toEqual([{ grp_id: listId, status: 'actif' }]);
    const rows = await t.db.query<{ kind: string; n: number }>(
      'SELECT kind, count(*)::int AS n FROM mail_bounce WHERE send_id = $1 GROUP BY kind ORDER BY kind',
      [sendId],
    );
    expect(rows).toEqual([{ kind: 'hard', n: 6 }, { kind: 'soft', n: 1 }]);
  });

  it('writes a batch in one go: the same recipient twice counts once, a recipient never sent is ignored', async () => {
    const listId = await makeList(t, admin, [{ email: 'f1@batch.example.org' }, { email: 'f2@batch.example.org' }]);
    const sendId = await sendTo(listId);
    const contacts = await t.db.query<{ id: number }>('SELECT id FROM grp_rcp WHERE grp_id = $1 ORDER BY id', [listId]);
    const report = { kind: 'hard' as const, status: '5.1.1', diagnostic: '550 User unknown', source: 'smtp' };
    await recordBounces(
      t.db,
      [
        { ref: { sendId, contactId: contacts[0].id }, report },
        { ref: { sendId, contactId: contacts[0].id }, report },
        { ref: { sendId: sendId + 1000, contactId: contacts[1].id }, report },
      ],
      2,
    );
    expect(await getSend(t, admin, sendId)).toMatchObject({ sent: 2, bounced: 1 });
    expect(await statusOf('f1@batch.example.org')).toEqual([{ grp_id: listId, status: 'rejeté' }]);
    expect(await statusOf('f2@batch.example.org')).toEqual([{ grp_id: listId, status: 'actif' }]);
  });
});
