import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';

let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'TGM <news@tgm.example>', MAIL_POLL_MS: '50', PUBLIC_URL: 'https://news.tgm.example' });
  admin = await t.adminBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

/** Sends a one-contact delivery in that language; answers the raw and parsed message. */
async function sentIn(lang: string | undefined, email: string) {
  const delId = await makeDelivery(t, admin, {
    html: '<!doctype html><html lang="fr"><body><p>Hello {{firstname}}</p></body></html>',
    text: 'Hello {{firstname}}',
    ...(lang ? { properties: { lang } } : {}),
  });
  const listId = await makeList(t, admin, [{ email, firstname: 'Ann' }]);
  const send = await startSend(t, admin, delId, listId);
  await waitForSend(t, admin, send.id, (s) => s.status === 'completed');
  const message = sink.messages.find((m) => m.to.includes(email))!;
  return { raw: message.raw.toString(), mail: await simpleParser(message.raw) };
}

describe('the language of a message (issue 40, the Langue tab)', () => {
  it('is French by default: Content-Language, <html lang> and the footer', async () => {
    const { mail } = await sentIn(undefined, 'fr@example.org');
    expect(mail.headers.get('content-language')).toBe('fr');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Vous ne souhaitez plus recevoir ces e-mails ? Se désabonner :');
  });

  it('writes an English message in English: its header, its lang, its footer and its unsubscribe page', async () => {
    const { mail } = await sentIn('en', 'en@example.org');
    expect(mail.headers.get('content-language')).toBe('en');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).not.toContain('lang="fr"');
    expect(mail.text).toContain('No longer want these e-mails? Unsubscribe:');
    expect(mail.html).toContain('>Unsubscribe</a>');
    const link = /(https:\/\/news\.tgm\.example\/api\/unsubscribe\/[^\s>"]+)/.exec(String(mail.text))![1];
    expect(link).toMatch(/\?lang=en$/);
    const page = await t.app.inject({ method: 'GET', url: link.replace('https://news.tgm.example', '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Stop receiving the mailings of the list');
    expect(page.body).toContain('Unsubscribe me');
  });

  it('names another language in its header and lang, and keeps the footer in French', async () => {
    const { mail } = await sentIn('de', 'de@example.org');
    expect(mail.headers.get('content-language')).toBe('de');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain('Se désabonner :');
  });
});
