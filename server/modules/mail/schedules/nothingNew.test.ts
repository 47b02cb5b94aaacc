import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { simpleParser } from 'mailparser';
import { ampDocument, makeDelivery, makeList, waitForSend } from '../../../testing/mailFixtures';
import { validateAmp4Email } from '../../../shared/amp4email';

let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'TGM <news@tgm.example>', MAIL_POLL_MS: '50', TIMEZONE: 'Europe/Paris' });
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`never got there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const makeDue = (id: number) => t.db.query(`UPDATE mail_schedule SET next_at = now() - interval '1 second' WHERE id = $1`, [id]);
const occurrences = async (id: number) => (await t.call('GET', `/api/schedules/${id}`, admin)).json().occurrences as { status: string; reason: string | null; send: string | null }[];

describe('a weekly schedule with nothing new (issue 40)', () => {
  it('sends its videos, then skips the occurrence with nothing new since and says why, then sends again once there is', async () => {
    const [{ id: channelId }] = await t.db.query<{ id: number }>(
      `INSERT INTO channel (youtube_id, name, theme) VALUES ('UCweeklyNothingNew01', 'Hebdo', 'Histoire') RETURNING id`,
    );
    await t.db.query(`INSERT INTO video (id, channel_id, title, published) VALUES ('vidWeekly01', $1, 'Première', now() - interval '1 day')`, [channelId]);
    const delId = await makeDelivery(t, admin, { html: '<html><body>{{#videos groupe="Histoire"}}<p>{{titre}}</p>{{/videos}}</body></html>', text: '{{videos groupe="Histoire"}}' });
    expect((await t.call('POST', '/api/amp/bo/modele/new', admin, { id: delId })).statusCode).toBe(201);
    const listId = await makeList(t, admin, [{ email: 'hebdo@example.org' }]);
    const { id } = (await t.call('POST', '/api/schedules', admin, { delId, listId, frequency: 'hebdomadaire', firstAt: '2030-01-07T09:00' })).json();

    await makeDue(id);
    const [sent] = await until(() => occurrences(id), (list) => list.length === 1);
    expect(sent).toMatchObject({ status: 'sent', reason: null, send: expect.stringMatching(/^\/api\/sends\/\d+$/) });
    await waitForSend(t, admin, Number(sent.send!.split('/').pop()), (s) => s.status === 'completed');

    // A week later, nothing published since: nothing is sent, and the occurrence says why.
    await makeDue(id);
    const list = await until(() => occurrences(id), (rows) => rows.length === 2);
    expect(list[0]).toEqual({ occurrenceAt: expect.any(String), status: 'skipped', reason: 'rien de nouveau', send: null });
    expect(await t.db.query('SELECT id FROM mail_send WHERE delivery_id = $1', [delId])).toHaveLength(1);
    expect(sink.messages.filter((m) => m.to.includes('hebdo@example.org'))).toHaveLength(1);
    const [schedule] = await t.db.query<{ active: number }>('SELECT active FROM mail_schedule WHERE id = $1', [id]);
    expect(schedule.active).toBe(1);

    // Something new: the next occurrence sends it.
    await t.db.query(`INSERT INTO video (id, channel_id, title, published) VALUES ('vidWeekly02', $1, 'Deuxième', now())`, [channelId]);
    await makeDue(id);
    const third = await until(() => occurrences(id), (rows) => rows.length === 3);
    expect(third[0]).toMatchObject({ status: 'sent' });
    await waitForSend(t, admin, Number(third[0].send!.split('/').pop()), (s) => s.status === 'completed');
    const last = sink.messages.filter((m) => m.to.includes('hebdo@example.org'))[1].raw.toString();
    expect(last).toContain('Deuxi');
    expect(last).not.toContain('Premi');

    // Someone else's schedule is not theirs to read.
    expect((await t.call('GET', `/api/schedules/${id}`, operator)).statusCode).toBe(403);
  });

  it('lists an occurrence without a published version as skipped, with the reason as today', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [{ email: 'sans-mep@example.org' }]);
    const { id } = (await t.call('POST', '/api/schedules', admin, { delId, listId, frequency: 'quotidienne', firstAt: '2030-01-07T09:00' })).json();
    await makeDue(id);
    const [skipped] = await until(() => occurrences(id), (rows) => rows.length === 1);
    expect(skipped).toMatchObject({ status: 'skipped', reason: "Aucune version du modèle n'est en production (MEP).", send: null });
  });

  it('with an http PUBLIC_URL, sends the default videos cards without a rating form, and the editor is told why', async () => {
    const [{ id: channelId }] = await t.db.query<{ id: number }>(
      `INSERT INTO channel (youtube_id, name, theme) VALUES ('UChttpNoFormChannel001', 'Sans formulaire', 'Musique') RETURNING id`,
    );
    await t.db.query(`INSERT INTO video (id, channel_id, title, published, thumbnail) VALUES ('vidNoForm01', $1, 'Chanson', now(), 'https://i.ytimg.com/vi/vidNoForm01/mqdefault.jpg')`, [channelId]);
    const delId = await makeDelivery(t, admin, { amp: ampDocument('{{videos groupe="Musique"}}') });
    const listId = await makeList(t, admin, [{ email: 'http@example.org' }]);
    const send = (await t.call('POST', '/api/sendEmail', admin, { delId, listId })).json();
    await waitForSend(t, admin, send.id, (s) => s.status === 'completed');
    const mail = await simpleParser(sink.messages.find((m) => m.to.includes('http@example.org'))!.raw);
    const amp = mail.attachments.find((a) => a.contentType === 'text/x-amp-html')?.content.toString() ?? '';
    expect(amp).toContain('Chanson');
    expect(amp).not.toContain('<form');
    expect(validateAmp4Email(amp)).toEqual([]);
    expect((await t.call('GET', '/api/email/variables', admin)).json().ampForms).toContain('PUBLIC_URL est en http');
  });
});
