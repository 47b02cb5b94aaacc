import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';

// No SMTP_URL: messages are written as .eml files under DATA_DIR/outbox.
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ MAIL_POLL_MS: '50' });
  admin = await t.adminBearer();
});
afterAll(() => t.close());

const outbox = () => path.join(t.config.dataDir, 'outbox');
const messagesTo = async (address: string) => {
  const files = fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : [];
  const mails = await Promise.all(files.map((file) => simpleParser(fs.readFileSync(path.join(outbox(), file)))));
  return mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0].address === address);
};
/** The page's text as a browser shows it. */
const shown = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const linkIn = (text: string) => /(https?:\/\/\S+\/api\/unsubscribe\/\S+)/.exec(text)?.[1] ?? '';

describe('without SMTP_URL, messages land in DATA_DIR/outbox', () => {
  it('writes one .eml a message, named after its Message-ID', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [{ email: 'file@example.org', firstname: 'Fil' }]);
    const { id } = await startSend(t, admin, delId, listId);
    await waitForSend(t, admin, id);
    const [mail] = await messagesTo('file@example.org');
    expect(mail.text).toContain('Bonjour Fil');
    expect(fs.readdirSync(outbox())).toContain(`${mail.messageId?.replace(/[<>]/g, '')}.eml`);
  });
});

describe('unsubscribing through the link', () => {
  it('asks on GET, deactivates the contact in that list on POST, and later sends skip it', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [{ email: 'stay@example.org' }, { email: 'leave@example.org' }]);
    const first = await startSend(t, admin, delId, listId);
    await waitForSend(t, admin, first.id);
    const [mail] = await messagesTo('leave@example.org');
    const url = new URL(linkIn(String(mail.text)));

    const page = await t.app.inject({ url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="fr">');
    expect(shown(page.body)).toContain(
      "Ne plus recevoir les envois de la liste « Abonnés » à l'adresse leave@example.org ?",
    );
    expect(page.body).toContain('Me désabonner');
    const [before] = await t.db.query<{ actif: number }>(`SELECT actif FROM grp_rcp WHERE email = 'leave@example.org'`);
    expect(before.actif).toBe(1);

    // A mail client's one-click request (RFC 8058).
    const done = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('leave@example.org ne recevra plus les envois de la liste « Abonnés »');
    const [after] = await t.db.query<{ actif: number; status: string; unsubscribed_by: string }>(
      `SELECT actif, status, unsubscribed_by FROM grp_rcp WHERE email = 'leave@example.org'`,
    );
    expect(after).toEqual({ actif: 0, status: 'désabonné', unsubscribed_by: 'contact' });
    expect((await t.app.inject({ url: url.pathname })).body).toContain('est déjà désabonné(e)');

    const second = await startSend(t, admin, delId, listId);
    expect(second.total).toBe(1);
    await waitForSend(t, admin, second.id);
    expect(await messagesTo('leave@example.org')).toHaveLength(1);
    expect(await messagesTo('stay@example.org')).toHaveLength(2);
  });

  it('refuses a forged or unknown token with a 404 page, and changes nothing for the BAT link', async () => {
    for (const token of ['1.AAAAAAAAAAAAAAAAAAAAAAAA', 'garbage', '99999999.xxxxxxxxxxxxxxxxxxxxxxxx']) {
      const response = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Ce lien de désabonnement est invalide');
    }
    const test = await t.app.inject({ url: '/api/unsubscribe/test' });
    expect(test.statusCode).toBe(200);
    expect(shown(test.body)).toContain("Ce lien vient d'un envoi de test (BAT)");
    const [{ inactive }] = await t.db.query<{ inactive: number }>(
      `SELECT count(*)::int AS inactive FROM grp_rcp WHERE actif = 0`,
    );
    expect(inactive).toBe(1);
  });
});
