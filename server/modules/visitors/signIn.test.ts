import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';

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

const signup = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rtEvent/new',
    payload: { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
  });

async function mailTo(address: string, count = 1) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const received = sink.messages.filter((m) => m.to.includes(address));
    if (received.length >= count) return Promise.all(received.map((m) => simpleParser(m.raw)));
    if (Date.now() > deadline) throw new Error(`no message to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const linkToken = (text: string) => /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(text)?.[1] as string;

const rate = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/video/rating',
    headers,
    payload: { label: 'Objectivité', videourl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', rating: 4, email, recipientid: 1 },
  });

describe('a second sign-up with an address that has a space', () => {
  it('answers no token, mails a sign-in link whose button (a POST) gives this browser a token', async () => {
    const first = await signup('deuxieme@example.org');
    expect(first.statusCode).toBe(201);
    const original = first.json().tokenAc as string;

    const again = await signup('Deuxieme@Example.org');
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ tokenAc: null, signInLinkSent: true });
    expect(await t.db.query("SELECT 1 FROM visitor WHERE lower(email) = 'deuxieme@example.org'")).toHaveLength(1);

    const [mail] = await mailTo('deuxieme@example.org');
    expect(mail.subject).toContain('lien de connexion');
    const token = linkToken(mail.text ?? '');
    expect(token).toMatch(/^[\w-]{43}$/);
    // Opening the link changes nothing (link scanners follow links); only the button's POST acts.
    const info = await t.app.inject({ url: `/api/confirmations/${token}` });
    expect(info.json()).toMatchObject({ kind: 'connexion', used: false, expired: false });
    const meOf = async (visitorToken: string) => (await t.app.inject({ url: '/api/visitor/me', headers: { 'x-visitor-token': visitorToken } })).json();
    expect((await meOf(original)).emailConfirmed).toBe(false);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/confirmations/${token}` });
    expect(confirmed.statusCode).toBe(200);
    const { tokenAc, email } = confirmed.json();
    // The link reached the address and its button was pressed: the address is proven (issue 42).
    expect((await meOf(tokenAc)).emailConfirmed).toBe(true);
    expect(email).toBe('deuxieme@example.org');
    expect(tokenAc).not.toBe(original);
    for (const visitorToken of [tokenAc, original]) {
      const me = await t.app.inject({ url: '/api/visitor/me', headers: { 'x-visitor-token': visitorToken } });
      expect(me.json().email).toBe('deuxieme@example.org');
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/confirmations/${token}` })).statusCode).toBe(410);
  });
});

describe('ratings belong to their author', () => {
  it('asks the token of the visitor an address belongs to, and nothing of an address without a space', async () => {
    const owner = (await signup('auteur@example.org')).json().tokenAc as string;
    const stranger = (await signup('autre-visiteur@example.org')).json().tokenAc as string;
    expect((await rate('auteur@example.org')).statusCode).toBe(401);
    expect((await rate('auteur@example.org', { 'x-visitor-token': stranger })).statusCode).toBe(403);
    expect((await rate('auteur@example.org', { 'x-visitor-token': 'made-up-token' })).statusCode).toBe(401);
    expect([200, 201]).toContain((await rate('AUTEUR@example.org', { 'x-visitor-token': owner })).statusCode);
    expect([200, 201]).toContain((await rate('sans-espace@example.org')).statusCode);
    const mine = await t.app.inject({
      url: '/api/video/rating/mine?videourl=https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      headers: { 'x-visitor-token': stranger },
    });
    expect(mine.json().mine).toEqual({});
  });
});

describe("a visitor's address confirmation", () => {
  it('is mailed when a digest is asked, and confirms by the button', async () => {
    const token = (await signup('resume@example.org')).json().tokenAc as string;
    const headers = { 'x-visitor-token': token };
    await t.app.inject({ method: 'PATCH', url: '/api/visitor/me', headers, payload: { digest: 'quotidien', digestHour: 9 } });
    const [mail] = await mailTo('resume@example.org');
    expect(mail.subject).toContain('Confirmez votre adresse');
    const link = linkToken(mail.text ?? '');
    expect((await t.app.inject({ url: '/api/visitor/me', headers })).json().emailConfirmed).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: `/api/confirmations/${link}` })).json()).toMatchObject({ confirmed: true });
    expect((await t.app.inject({ url: '/api/visitor/me', headers })).json().emailConfirmed).toBe(true);
  });
});
