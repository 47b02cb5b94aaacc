import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { startTelegramStandIn, type TelegramStandIn } from '../../testing/telegramStandIn';
import { startXStandIn, type XStandIn } from '../../testing/xStandIn';
import { makeDelivery, makeList, waitForSend } from '../../testing/mailFixtures';

let sink: SmtpSink;
let telegram: TelegramStandIn;
let x: XStandIn;
let t: TestApp;
let unconfigured: TestApp;
let admin: { authorization: string };

const CHAT = '-1001234567890';

beforeAll(async () => {
  sink = await startSmtpSink();
  telegram = await startTelegramStandIn();
  telegram.chats.add(CHAT);
  x = await startXStandIn();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    MAIL_POLL_MS: '50',
    PUBLIC_URL: 'https://news.tgm.example',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_CHAT_ID: CHAT,
    X_API_BASE_URL: x.url,
    X_API_BEARER_TOKEN: x.token,
  });
  unconfigured = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'TGM <news@tgm.example>', PUBLIC_URL: 'https://news.tgm.example' });
  admin = await t.adminBearer();
});
afterAll(async () => {
  await Promise.all([t.close(), unconfigured.close()]);
  await Promise.all([sink.stop(), telegram.close(), x.close()]);
});

async function deliveryOn(app: TestApp, channel: string, text: string, properties?: unknown) {
  const headers = await app.adminBearer();
  const delId = await makeDelivery(app, headers, { subject: 'La lettre de la semaine', text, html: `<html><body><p>${text.slice(0, 200)}</p></body></html>`, properties });
  expect((await app.call('PATCH', `/api/deliveries/${delId}`, headers, { version: 1, channel })).statusCode).toBe(200);
  return { delId, headers };
}

describe('channels: Telegram and X on "Envoyer" (issue 40)', () => {
  it('posts a Telegram delivery once, its text cut to 4096 with the link to its public page, and keeps the answer in the report', async () => {
    const long = `Bonjour {{firstname}}, ${'la semaine en vidéos. '.repeat(300)}`;
    const { delId } = await deliveryOn(t, 'telegram', long);
    const listId = await makeList(t, admin, [{ email: 'tg@example.org', firstname: 'Tom' }]);
    const sent = await t.call('POST', '/api/sendEmail', admin, { delId, listId });
    expect(sent.statusCode).toBe(202);
    const sendId = sent.json().id;
    await waitForSend(t, admin, sendId, (s) => s.status === 'completed');

    expect(telegram.sent).toHaveLength(1);
    const [post] = telegram.sent;
    expect(post.chatId).toBe(CHAT);
    expect(post.text.length).toBeLessThanOrEqual(4096);
    expect(post.text.endsWith(`\n\nhttps://news.tgm.example/newsletters/${sendId}`)).toBe(true);
    expect(post.text).toContain('…');
    expect(post.text).not.toContain('Tom');

    const report = (await t.call('GET', `/api/sends/${sendId}/report`, admin)).json();
    expect(report.posts.telegram).toMatchObject({ status: 'posted', ok: true, id: '1', text: post.text });
    // The e-mail links to the same public page.
    const mail = await simpleParser(sink.messages.find((m) => m.to.includes('tg@example.org'))!.raw);
    expect(mail.text).toContain(`Voir dans le navigateur : https://news.tgm.example/newsletters/${sendId}`);
    expect(String(mail.html)).toContain(`href="https://news.tgm.example/newsletters/${sendId}"`);

    // The public page: the newsletter as sent, for no one in particular.
    const page = await t.app.inject({ method: 'GET', url: `/api/newsletters/${sendId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: sendId, subject: 'La lettre de la semaine', lang: 'fr' });
    expect(page.json().html).toContain('Bonjour , la semaine');
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletters/999999' })).statusCode).toBe(404);
  });

  it('posts an X delivery through POST /2/tweets once, with the answer in the report', async () => {
    const { delId } = await deliveryOn(t, 'x', 'Nouvelles vidéos');
    const listId = await makeList(t, admin, [{ email: 'x@example.org' }]);
    const sendId = (await t.call('POST', '/api/sendEmail', admin, { delId, listId })).json().id;
    expect(x.requests.filter((r) => r === 'POST /2/tweets')).toHaveLength(1);
    expect(x.posted).toEqual([`La lettre de la semaine https://news.tgm.example/newsletters/${sendId}`]);
    const report = (await t.call('GET', `/api/sends/${sendId}/report`, admin)).json();
    expect(report.posts.x).toMatchObject({ status: 'posted', ok: true, id: expect.stringMatching(/^\d+$/) });
    expect(report.posts.telegram).toBeUndefined();
  });

  it('records what the channel answered when it refuses', async () => {
    const { delId } = await deliveryOn(t, 'x', 'Refusée');
    const listId = await makeList(t, admin, [{ email: 'x-down@example.org' }]);
    x.failure = 503;
    try {
      const sendId = (await t.call('POST', '/api/sendEmail', admin, { delId, listId })).json().id;
      const report = (await t.call('GET', `/api/sends/${sendId}/report`, admin)).json();
      expect(report.posts.x).toMatchObject({ status: 'failed', ok: false, error: 'X answered 503' });
    } finally {
      x.failure = null;
    }
  });

  it('says so on "Envoyer" when the channel is not configured, before anything is queued', async () => {
    for (const channel of ['telegram', 'x']) {
      const { delId, headers } = await deliveryOn(unconfigured, channel, 'Rien');
      const listId = await makeList(unconfigured, headers, [{ email: `${channel}-none@example.org` }]);
      const refused = await unconfigured.call('POST', '/api/sendEmail', headers, { delId, listId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ field: 'channel', message: expect.stringContaining(channel === 'x' ? 'X_API_BEARER_TOKEN' : 'TELEGRAM_BOT_TOKEN') });
      expect(await unconfigured.db.query('SELECT id FROM mail_send WHERE delivery_id = $1', [delId])).toEqual([]);
    }
  });

  it('gives a private delivery no public page and no "Voir dans le navigateur" link', async () => {
    const { delId } = await deliveryOn(t, 'email', 'Privée', { private: true });
    const listId = await makeList(t, admin, [{ email: 'prive@example.org' }]);
    const sendId = (await t.call('POST', '/api/sendEmail', admin, { delId, listId })).json().id;
    await waitForSend(t, admin, sendId, (s) => s.status === 'completed');
    const mail = await simpleParser(sink.messages.find((m) => m.to.includes('prive@example.org'))!.raw);
    expect(mail.text).not.toContain('Voir dans le navigateur');
    expect((await t.app.inject({ method: 'GET', url: `/api/newsletters/${sendId}` })).statusCode).toBe(404);
  });
});
