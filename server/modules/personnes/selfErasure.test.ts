import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { exportContactData, requestSelfErasure } from './selfErasure';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    PUBLIC_WRITE_RATE_LIMIT: '10000',
    PUBLIC_READ_RATE_LIMIT: '10000',
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

async function mailTo(address: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const received = sink.messages.filter((m) => m.to.includes(address));
    if (received.length > 0) return simpleParser(received[0].raw);
    if (Date.now() > deadline) throw new Error(`no message to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const linkToken = (text: string) => /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(text)?.[1] as string;

describe("a visitor's own data (issue 38)", () => {
  it('downloads the export, then erases the space by a mailed link whose button (a POST) confirms; a GET changes nothing', async () => {
    const email = 'vera.visiteuse@example.org';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/rtEvent/new',
      payload: { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
    });
    const headers = { 'x-visitor-token': signup.json().tokenAc as string };
    expect((await t.app.inject({ method: 'POST', url: '/api/visitor/liste', headers, payload: { name: 'VeraListe' } })).statusCode).toBe(201);

    const exported = await t.app.inject({ url: '/api/visitor/donnees', headers });
    expect(exported.statusCode).toBe(200);
    expect(Object.keys(exported.json())).toEqual(['contacts', 'consentements', 'envois', 'ouvertures', 'clics', 'rejets', 'automatisations', 'visiteur']);
    expect(exported.json().visiteur.espace).toMatchObject({ email });
    expect((await t.app.inject({ url: '/api/visitor/donnees' })).statusCode).toBe(401);

    const asked = await t.app.inject({ method: 'POST', url: '/api/visitor/donnees/effacement', headers });
    expect(asked.statusCode).toBe(202);
    const mail = await mailTo(email);
    expect(mail.subject).toContain("confirmez l'effacement de vos données");
    const token = linkToken(mail.text ?? '');
    expect(token).toMatch(/^[\w-]{43}$/);

    // Opening the link only shows what the button would do.
    const info = await t.app.inject({ url: `/api/confirmations/${token}` });
    expect(info.json()).toMatchObject({ kind: 'effacement', used: false });
    expect(await t.db.query('SELECT id FROM visitor WHERE lower(email) = $1', [email])).toHaveLength(1);

    const confirmed = await t.app.inject({ method: 'POST', url: `/api/confirmations/${token}` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ erased: true });
    expect(await t.db.query('SELECT id FROM visitor WHERE lower(email) = $1', [email])).toEqual([]);
    expect(await t.db.query("SELECT id FROM creator_list WHERE name = 'VeraListe'")).toEqual([]);
    expect(await t.db.query('SELECT id FROM mail_message WHERE lower(to_email) = $1', [email])).toEqual([]);
    expect((await t.app.inject({ url: '/api/visitor/me', headers })).statusCode).toBe(401);
    const [entry] = await t.db.query<{ user_id: number | null; subject: string }>("SELECT user_id, subject FROM audit_entry WHERE action = 'person.erased'");
    expect(entry).toMatchObject({ user_id: null, subject: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/) });

    // A public sign-up starts anew.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/rtEvent/new',
      payload: { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
    });
    expect(again.statusCode).toBe(201);
  }, 60_000);

  it("erases a contact who asks from the preference page's functions, after the mailed link's POST; a later import skips them", async () => {
    const admin = await t.adminBearer();
    const email = 'cora.contact@example.org';
    const list = (await t.call('POST', '/api/grps', admin, { subject: 'Préférences' })).json();
    const contact = (await t.call('POST', '/api/grp_rcps', admin, { email, grp: list.id, firstname: 'Cora' })).json();

    const exported = await exportContactData(t.db, t.config, contact.id);
    expect(exported).toMatchObject({ contacts: [expect.objectContaining({ email, liste: 'Préférences' })] });
    expect(await t.db.transaction((tx) => requestSelfErasure(tx, 'effacement-contact', contact.id))).toBe(true);
    const mail = await mailTo(email);
    const token = linkToken(mail.text ?? '');
    expect((await t.app.inject({ url: `/api/confirmations/${token}` })).json()).toMatchObject({ kind: 'effacement-contact', used: false });
    expect(await t.db.query('SELECT id FROM grp_rcp WHERE id = $1', [contact.id])).toHaveLength(1);

    expect((await t.app.inject({ method: 'POST', url: `/api/confirmations/${token}` })).json()).toMatchObject({ erased: true });
    expect(await t.db.query('SELECT id FROM grp_rcp WHERE lower(email) = $1', [email])).toEqual([]);
    expect(await exportContactData(t.db, t.config, contact.id)).toBeNull();
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/grps/${list.id}/import`,
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: `email\n${email}\n`,
    });
    expect(imported.json()).toMatchObject({ added: 0, suppressed: 1 });
  }, 60_000);
});
