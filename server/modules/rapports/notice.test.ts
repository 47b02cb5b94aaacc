import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { mailbox, queueDrained } from '../../testing/digestFixtures';
import { NOTICE_GAP_MS, queueReportNotice, RAPPORTS_NOTICE_KIND, startReportNotices } from './notice';
import { reportWithSecrets } from './reportFixture';

let sink: SmtpSink;
let t: TestApp;
let mail: ReturnType<typeof mailbox>;
let operator: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  mail = mailbox(sink, 30_000);
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'TGM <news@tgm.example>', PUBLIC_URL: 'https://tgm.example', MAIL_POLL_MS: '50' });
  operator = await t.operatorBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

let address = 0;
/** A report as the dialog sends it, from the operator (signed in: their address stays in the report). */
async function send(description: string) {
  const body = { ...reportWithSecrets({ senderEmail: t.config.operatorEmail }), description: `${description} (contact : ${t.config.operatorEmail})` };
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/rapports',
    remoteAddress: `10.1.0.${(address += 1)}`,
    headers: { 'content-type': 'application/json', ...operator },
    payload: JSON.stringify(body),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json() as { id: number; reference: string };
}

const notified = async (id: number) =>
  (await t.db.query<{ notified: string | null }>('SELECT notified_at AS notified FROM bug_report WHERE id = $1', [id]))[0].notified;

describe('the admins are told of new reports, an hour apart at most once, through the mail queue and a real SMTP server', () => {
  it('mails the first report at once, keeps the next for the message an hour later, which lists them all', async () => {
    const admin = t.config.adminEmail;
    const first = await send('La liste ne se charge pas');
    // Taking the report checks at once: the message is queued and sent within the worker's poll.
    const [message] = await mail.mailsTo(admin, 1);
    expect(message.subject).toBe('TGM : un nouveau rapport de problème');
    expect(message.text).toContain(first.reference);
    expect(message.text).toContain('La liste ne se charge pas');
    expect(message.text).toContain('page /influenceur/listes?page=2');
    expect(message.text).toContain(`https://tgm.example/influenceur/rapports/${first.id}`);
    expect(message.text).toContain('https://tgm.example/influenceur/rapports');
    expect(message.html).toContain(`href="https://tgm.example/influenceur/rapports/${first.id}"`);
    // No reporter's address, not even the one the report keeps (the inbox shows it).
    const raw = mail.received(admin)[0].raw.toString();
    expect(raw).not.toContain(t.config.operatorEmail);
    expect(message.text).toContain('[e-mail]');
    expect(await notified(first.id)).not.toBeNull();
    // The operator is no admin: nothing for them.
    expect(mail.received(t.config.operatorEmail)).toHaveLength(0);

    // A second report within the hour waits: neither its taking nor a later check mails it.
    const second = await send('Le bouton ne répond plus');
    const soon = new Date(Date.now() + 30 * 60_000);
    expect(await queueReportNotice(t.db, soon)).toEqual({ reports: 0, messages: 0 });
    await queueDrained(t.db, 30_000);
    expect(mail.received(admin)).toHaveLength(1);
    expect(await notified(second.id)).toBeNull();
    const third = await send('La page reste blanche');

    // An hour after the first message: one message lists both, however many processes check.
    const later = new Date(Date.now() + NOTICE_GAP_MS + 60_000);
    const checks = await Promise.all([queueReportNotice(t.db, later), queueReportNotice(t.db, later), queueReportNotice(t.db, later)]);
    expect(checks.reduce((sum, check) => sum + check.messages, 0)).toBe(1);
    expect(checks.reduce((sum, check) => sum + check.reports, 0)).toBe(2);
    const [, next] = await mail.mailsTo(admin, 2);
    expect(next.subject).toBe('TGM : 2 nouveaux rapports de problème');
    for (const report of [second, third]) expect(next.text).toContain(report.reference);
    expect(next.text).not.toContain(first.reference);
    expect(next.text!.indexOf(second.reference)).toBeLessThan(next.text!.indexOf(third.reference));
    expect(await notified(third.id)).not.toBeNull();

    // Nothing waits: no message, even past the hour.
    expect(await queueReportNotice(t.db, new Date(later.getTime() + 2 * NOTICE_GAP_MS))).toEqual({ reports: 0, messages: 0 });
    await queueDrained(t.db, 30_000);
    expect(mail.received(admin)).toHaveLength(2);
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM mail_message WHERE kind = $1', [RAPPORTS_NOTICE_KIND]);
    expect(count).toBe(2);
  });

  it('checks on its own every interval (a minute in the server): a waiting report goes once the hour has passed', async () => {
    const waiting = await send('Attend l’heure suivante');
    const [{ last }] = await t.db.query<{ last: string }>('SELECT last_at AS last FROM bug_report_notice');
    const warnings: string[] = [];
    const notices = startReportNotices(t.db, { warn: (_details, text) => warnings.push(text) }, () => new Date(new Date(last).getTime() + NOTICE_GAP_MS), 50);
    try {
      const [, , message] = await mail.mailsTo(t.config.adminEmail, 3);
      expect(message.subject).toBe('TGM : un nouveau rapport de problème');
      expect(message.text).toContain(waiting.reference);
    } finally {
      await notices.stop();
    }
    expect(warnings).toEqual([]);
  });

  it('sends nothing for reports deleted before their message went', async () => {
    const gone = await send('Supprimé avant le message');
    // The gate is an hour ahead (the test above): this one waits, then is deleted.
    expect(await notified(gone.id)).toBeNull();
    const admin = await t.adminBearer();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rapports/${gone.id}`, headers: admin })).statusCode).toBe(204);
    const [{ last }] = await t.db.query<{ last: string }>('SELECT last_at AS last FROM bug_report_notice');
    expect(await queueReportNotice(t.db, new Date(new Date(last).getTime() + NOTICE_GAP_MS))).toEqual({ reports: 0, messages: 0 });
  });
});
