import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { simpleParser, type ParsedMail } from 'mailparser';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink, type ReceivedMessage } from '../../../testing/smtpSink';
import { startDnsServer, type DnsServer } from '../../../testing/dnsServer';
import { freePort } from '../../../testing/ports';
import { makeDelivery, makeList, startSend, storeCodeAsWritten, waitForSend } from '../../../testing/mailFixtures';

let sink: SmtpSink;
let dns: DnsServer;
let t: TestApp;
let admin: { authorization: string };
let bouncePort: number;
let installId: string;

const HTML = `<!doctype html><html><head><style>
  .box { color: #123456; padding: 8px; }
  td { font-family: Arial, sans-serif; }
  @media (max-width: 600px) { .box { padding: 2px; } }
</style></head><body>
<table role="presentation"><tr><td class="box">Bonjour {{firstname}},
  <a href="https://tgm-news.fr/articles/ete?utm_source=lettre#haut">lire</a>
  <a href="https://tgm-news.fr/videos">voir</a>
  <a href="mailto:contact@tgm-news.fr">écrire</a></td></tr></table>
</body></html>`;
const TEXT = 'Bonjour {{firstname}}, lisez https://tgm-news.fr/articles/ete';
const AMP = `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script><style amp4email-boilerplate>body{visibility:hidden}</style></head><body><p>AMP {{firstname}}</p></body></html>`;

beforeAll(async () => {
  sink = await startSmtpSink();
  dns = await startDnsServer();
  bouncePort = await freePort();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm-news.fr>',
    PUBLIC_URL: 'https://tgm-news.fr:8443',
    BOUNCE_DOMAIN: 'bounces.tgm-news.fr',
    BOUNCE_SMTP_PORT: String(bouncePort),
    BOUNCE_SMTP_HOST: '127.0.0.1',
    DNS_SERVERS: dns.address,
    MAIL_POLL_MS: '50',
  });
  admin = await t.adminBearer();
  [{ install_id: installId }] = await t.db.query<{ install_id: string }>('SELECT install_id FROM mail_install');
});
afterAll(async () => {
  await t.close();
  await sink.stop();
  await dns.stop();
});

/** Publishes the key the domain page asks for, as an operator would. */
async function publishDkim() {
  const domain = (await t.call('GET', '/api/mail/domain', admin)).json();
  dns.setTxt(domain.dkim.name, domain.dkim.value);
}

const header = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ');

/** Every message of the product: DKIM verifies for the From domain, with the headers RFC 8058 needs signed. */
async function expectSigned(message: ReceivedMessage) {
  const { results } = await dkimVerify(message.raw, { resolver: dns.resolve });
  expect(results).toHaveLength(1);
  const [result] = results;
  expect(result.status.result).toBe('pass');
  expect(result.signingDomain).toBe('tgm-news.fr');
  expect(result.selector).toBe('tgm');
  expect(result.status.aligned).toBe('tgm-news.fr');
  const signed = result.signingHeaders.keys.toLowerCase().split(': ').join(':').split(':');
  for (const name of ['from', 'to', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post', 'feedback-id']) {
    expect(signed).toContain(name);
  }
  const raw = message.raw.toString('utf8');
  expect(raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=tgm-news\.fr;/m);
  return signed;
}

/**
 * Sends a delivery of this code to one contact. `storedBefore`: the code was saved before
 * saving checked AMP (the API now refuses it), so it is written to the row as it stands.
 */
async function sendTo(code: { html?: string; text?: string; amp?: string; tracking?: boolean; storedBefore?: boolean }, email: string) {
  const properties = code.tracking ? { tracking: true } : undefined;
  const delId = await makeDelivery(
    t,
    admin,
    code.storedBefore ? { html: HTML, properties } : { html: code.html ?? '', text: code.text ?? '', amp: code.amp, properties },
  );
  if (code.storedBefore) await storeCodeAsWritten(t, delId, code);
  const listId = await makeList(t, admin, [{ email, firstname: 'Ana' }]);
  const send = await startSend(t, admin, delId, listId);
  await waitForSend(t, admin, send.id, (s) => s.status === 'completed');
  const message = sink.messages.find((m) => m.to.includes(email));
  if (!message) throw new Error(`nothing received by ${email}`);
  return { message, mail: await simpleParser(message.raw), sendId: send.id, listId, delId };
}

describe('mail that lands', () => {
  it('signs and completes a delivery of HTML, text and AMP: parts, inlined CSS, List-Id, Message-ID, VERP', async () => {
    await publishDkim();
    const { message, mail, sendId, listId } = await sendTo({ html: HTML, text: TEXT, amp: AMP, tracking: true }, 'full@example.org');
    const signed = await expectSigned(message);
    expect(signed).toContain('list-id');

    expect(mail.text).toContain('Bonjour Ana, lisez https://tgm-news.fr/articles/ete');
    expect(mail.attachments.find((a) => a.contentType === 'text/x-amp-html')?.content.toString()).toContain('AMP Ana');
    // Text, AMP, HTML in that order inside multipart/alternative.
    const raw = message.raw.toString('utf8');
    expect(raw.indexOf('text/plain')).toBeLessThan(raw.indexOf('text/x-amp-html'));
    expect(raw.indexOf('text/x-amp-html')).toBeLessThan(raw.indexOf('text/html'));

    const html = String(mail.html);
    const cell = /<td class="box" style="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(cell).toContain('color: #123456');
    expect(cell).toContain('font-family: Arial, sans-serif');
    expect(html).toContain('@media (max-width: 600px)');
    expect(html).not.toContain('color: #123456; padding: 8px; }');
    // Tracked links.
    expect(html).toContain('https://tgm-news.fr:8443/api/t/c/');

    // The list's name, RFC 2047-encoded, then its id.
    expect(header(mail, 'list-id')).toBe(`=?UTF-8?Q?Abonn=C3=A9s?= <list-${listId}.${installId}.tgm-news.fr>`);
    expect(header(mail, 'feedback-id')).toBe(`${sendId}:${listId}:envoi:${installId}`);
    const contactId = (await t.db.query<{ id: number }>(`SELECT id FROM grp_rcp WHERE email = 'full@example.org'`))[0].id;
    expect(mail.messageId).toBe(`<send-${sendId}.contact-${contactId}.${installId}@tgm-news.fr>`);
    expect(message.from).toMatch(/^bounce\+[\w.]+@bounces\.tgm-news\.fr$/);
    // EHLO: PUBLIC_URL's host name, without its port.
    expect(message.helo).toBe('tgm-news.fr');
    expect(header(mail, 'list-unsubscribe')).toMatch(
      /^<https:\/\/tgm-news\.fr:8443\/api\/unsubscribe\/[\w.-]+>, <mailto:unsubscribe\+[\w.]+@bounces\.tgm-news\.fr\?subject=unsubscribe>$/,
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('gives an HTML-only delivery a text part made from its HTML, signed', async () => {
    const { message, mail } = await sendTo({ html: HTML }, 'htmlonly@example.org');
    await expectSigned(message);
    expect(mail.text).toMatch(/Bonjour Ana,\s+lire \[https:\/\/tgm-news\.fr\/articles\/ete\?utm_source=lettre#haut\]/);
    expect(mail.text).toContain('Se désabonner');
    expect(String(mail.html)).toContain('style="');
  });

  it('sends a text-only delivery as one signed text part', async () => {
    const { message, mail } = await sendTo({ text: TEXT }, 'textonly@example.org');
    await expectSigned(message);
    expect(mail.html).toBe(false);
    expect(mail.text).toContain('Bonjour Ana');
    expect(String(header(mail, 'content-type'))).toMatch(/^text\/plain/);
  });

  it('never sends a lone AMP part', async () => {
    const { message, mail } = await sendTo({ amp: AMP, storedBefore: true }, 'amponly@example.org');
    await expectSigned(message);
    expect(mail.attachments.filter((a) => a.contentType === 'text/x-amp-html')).toHaveLength(0);
    expect(message.raw.toString('utf8')).not.toContain('text/x-amp-html');
  });

  it('never sends an invalid AMP part: the send keeps text and HTML, its report names each rule and line', async () => {
    const invalid = AMP.replace('<p>AMP {{firstname}}</p>', '<p style="color:red !important">AMP</p>\n<img src="https://tgm-news.fr/a.png">');
    const { message, mail, sendId } = await sendTo({ html: HTML, text: TEXT, amp: invalid, storedBefore: true }, 'badamp@example.org');
    await expectSigned(message);
    expect(message.raw.toString('utf8')).not.toContain('text/x-amp-html');
    expect(mail.text).toContain('Bonjour Ana');
    expect(String(mail.html)).toContain('Bonjour Ana');
    const report = (await t.call('GET', `/api/sends/${sendId}/report`, admin)).json();
    const rules = report.ampErrors.map((e: { rule: string; line: number }) => `${e.rule}@${e.line}`);
    expect(rules).toEqual(expect.arrayContaining(['important@1', 'disallowed-tag@2']));
    for (const error of report.ampErrors) expect(error.message).toEqual(expect.any(String));

    const bat = await t.call('POST', '/api/email/encoded', admin, {
      email: 'badamp-bat@example.org',
      subject: 'BAT',
      codeHtml: [Buffer.from(HTML).toString('base64')],
      codeAmp: invalid,
    });
    expect(bat.statusCode).toBe(200);
    expect(bat.json().ampErrors.map((e: { rule: string }) => e.rule)).toEqual(expect.arrayContaining(['important', 'disallowed-tag']));
    const batMessage = sink.messages.find((m) => m.to.includes('badamp-bat@example.org')) as ReceivedMessage;
    expect(batMessage.raw.toString('utf8')).not.toContain('text/x-amp-html');
  });

  it('sends a BAT as the real message: tracked, VERP, the same headers and signature; its unsubscribe changes nothing', async () => {
    const delId = await makeDelivery(t, admin, { html: HTML, text: TEXT, amp: AMP, properties: { tracking: true } });
    const response = await t.call('POST', '/api/email/encoded', admin, { email: 'bat@example.org', delId });
    expect(response.statusCode).toBe(200);
    const message = sink.messages.find((m) => m.to.includes('bat@example.org'));
    if (!message) throw new Error('no BAT');
    const mail = await simpleParser(message.raw);
    await expectSigned(message);
    expect(mail.subject).toMatch(/^\[BAT\] /);
    expect(mail.messageId).toMatch(new RegExp(`^<bat-[0-9a-f-]{36}\\.${installId}@tgm-news\\.fr>$`));
    expect(message.from).toMatch(/^bounce\+[\w.]+@bounces\.tgm-news\.fr$/);
    expect(String(mail.html)).toMatch(/style="[^"]*color: #123456/);
    // (Tracked links of long targets are issue 22's first item, done beside this.)
    const click = /href="https:\/\/tgm-news\.fr:8443(\/api\/t\/c\/[^"]+)">voir/.exec(String(mail.html));
    expect(click).not.toBeNull();
    const redirect = await t.app.inject({ method: 'GET', url: (click as RegExpExecArray)[1] });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://tgm-news.fr/videos');
    expect(await t.db.query('SELECT 1 FROM mail_click WHERE send_id = 2147483647')).toEqual([]);

    const oneClick = /^<https:\/\/tgm-news\.fr:8443(\/api\/unsubscribe\/[^>]+)>/.exec(header(mail, 'list-unsubscribe') ?? '');
    expect(oneClick).not.toBeNull();
    const before = await t.db.query('SELECT id, status FROM grp_rcp ORDER BY id');
    const post = await t.app.inject({
      method: 'POST',
      url: (oneClick as RegExpExecArray)[1],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(await t.db.query('SELECT id, status FROM grp_rcp ORDER BY id')).toEqual(before);
  });

  it('honours the mailto: unsubscribe at the bounce receiver', async () => {
    const { mail } = await sendTo({ text: TEXT }, 'mailto@example.org');
    const address = /<mailto:([^?>]+)\?/.exec(header(mail, 'list-unsubscribe') ?? '')?.[1];
    expect(address).toMatch(/^unsubscribe\+/);
    const client = nodemailer.createTransport({ host: '127.0.0.1', port: bouncePort, secure: false, ignoreTLS: true });
    await client.sendMail({ from: 'mailto@example.org', to: address, subject: 'unsubscribe', text: 'unsubscribe' });
    client.close();
    const deadline = Date.now() + 10_000;
    let status = '';
    while (Date.now() < deadline) {
      [{ status }] = await t.db.query<{ status: string }>(`SELECT status FROM grp_rcp WHERE email = 'mailto@example.org'`);
      if (status === 'désabonné') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('désabonné');
  });
});

describe('signing settings', () => {
  it('signs with DKIM_PRIVATE_KEY (a file) under DKIM_SELECTOR, and not at all with DKIM=off', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-dkim-'));
    const file = path.join(dir, 'dkim.pem');
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.writeFileSync(file, pair.privateKey.export({ type: 'pkcs1', format: 'pem' }), { mode: 0o600 });
    const signedApp = await createTestApp({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Club <club@club-news.fr>',
      DKIM_PRIVATE_KEY: file,
      DKIM_SELECTOR: 'mai2026',
      SMTP_NAME: 'mx.club-news.fr',
      DNS_SERVERS: dns.address,
    });
    const offApp = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Off <off@off-news.fr>', DKIM: 'off', DNS_SERVERS: dns.address });
    try {
      const domain = (await signedApp.call('GET', '/api/mail/domain', await signedApp.adminBearer())).json();
      expect(domain).toMatchObject({ domain: 'club-news.fr', selector: 'mai2026', signing: 'setting' });
      expect(domain.dkim.name).toBe('mai2026._domainkey.club-news.fr');
      expect(domain.dkim.value).toBe(`v=DKIM1; k=rsa; p=${pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`);
      expect(await signedApp.db.query('SELECT domain FROM mail_dkim_key')).toEqual([]);
      dns.setTxt(domain.dkim.name, domain.dkim.value);
      const sent = await signedApp.call('POST', '/api/email/encoded', await signedApp.adminBearer(), {
        email: 'setting@example.org',
        codeText: [Buffer.from('Bonjour').toString('base64')],
        subject: 'Réglage',
      });
      expect(sent.statusCode).toBe(200);
      const message = sink.messages.find((m) => m.to.includes('setting@example.org')) as ReceivedMessage;
      const { results } = await dkimVerify(message.raw, { resolver: dns.resolve });
      expect(results[0]).toMatchObject({ signingDomain: 'club-news.fr', selector: 'mai2026', status: { result: 'pass' } });
      expect(message.helo).toBe('mx.club-news.fr');

      const off = (await offApp.call('GET', '/api/mail/domain', await offApp.adminBearer())).json();
      expect(off).toMatchObject({ domain: 'off-news.fr', signing: 'off', dkim: { value: '', status: 'absent' } });
      await offApp.call('POST', '/api/email/encoded', await offApp.adminBearer(), {
        email: 'off@example.org',
        codeText: [Buffer.from('Bonjour').toString('base64')],
        subject: 'Sans signature',
      });
      const unsigned = sink.messages.find((m) => m.to.includes('off@example.org')) as ReceivedMessage;
      expect(unsigned.raw.toString('utf8')).not.toMatch(/^DKIM-Signature:/im);
    } finally {
      await signedApp.close();
      await offApp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/mail/domain', () => {
  it('answers the records to publish and their state in DNS: absent, différent, ok', async () => {
    const key = (await t.call('GET', '/api/mail/domain', admin)).json();
    dns.setTxt('tgm._domainkey.tgm-news.fr', null);
    dns.setTxt('tgm-news.fr', null);
    dns.setTxt('_dmarc.tgm-news.fr', null);
    const absent = (await t.call('GET', '/api/mail/domain', admin)).json();
    expect(absent).toMatchObject({
      domain: 'tgm-news.fr',
      publishable: true,
      reason: null,
      spfSource: 'smtpName',
      selector: 'tgm',
      signing: 'database',
      dkim: { name: 'tgm._domainkey.tgm-news.fr', type: 'TXT', status: 'absent' },
      spf: { name: 'tgm-news.fr', type: 'TXT', value: 'v=spf1 a:tgm-news.fr mx ~all', status: 'absent' },
      dmarc: { name: '_dmarc.tgm-news.fr', type: 'TXT', status: 'absent' },
      bounceDomain: 'bounces.tgm-news.fr',
      bounceAligned: true,
      ampVisible: false,
    });
    expect(absent.dkim.value).toMatch(/^v=DKIM1; k=rsa; p=MIIBIjAN[\w+/=]+$/);
    expect(absent.dkim.value).toBe(key.dkim.value);

    dns.setTxt('tgm._domainkey.tgm-news.fr', 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAother');
    dns.setTxt('tgm-news.fr', 'v=spf1 include:elsewhere.example -all');
    dns.setTxt('_dmarc.tgm-news.fr', 'v=DMARC1; p=maybe');
    const different = (await t.call('GET', '/api/mail/domain', admin)).json();
    expect([different.dkim.status, different.spf.status, different.dmarc.status]).toEqual(['différent', 'différent', 'différent']);
    expect(different.ampVisible).toBe(false);

    dns.setTxt('tgm._domainkey.tgm-news.fr', absent.dkim.value);
    dns.setTxt('tgm-news.fr', absent.spf.value);
    dns.setTxt('_dmarc.tgm-news.fr', 'v=DMARC1; p=quarantine; rua=mailto:dmarc@tgm-news.fr');
    const ok = (await t.call('GET', '/api/mail/domain', admin)).json();
    expect([ok.dkim.status, ok.spf.status, ok.dmarc.status]).toEqual(['ok', 'ok', 'ok']);
    expect(ok.ampVisible).toBe(true);
  });

  it('proposes an SPF of SPF_INCLUDE and SPF_IP, or of the MX alone when the EHLO name is not public; never a private host', async () => {
    const relayed = await createTestApp({
      MAIL_FROM: 'Relais <news@relais-news.fr>',
      SMTP_NAME: 'vm',
      SPF_INCLUDE: '_spf.relay-mail.fr',
      SPF_IP: '203.0.113.7, 2001:db8::/32',
      DNS_SERVERS: dns.address,
    });
    const bare = await createTestApp({ MAIL_FROM: 'Nu <news@bare-news.fr>', SMTP_NAME: 'vm', DNS_SERVERS: dns.address });
    try {
      const spf = (await relayed.call('GET', '/api/mail/domain', await relayed.adminBearer())).json();
      expect(spf).toMatchObject({ publishable: true, spfSource: 'settings' });
      expect(spf.spf.value).toBe('v=spf1 include:_spf.relay-mail.fr ip4:203.0.113.7 ip6:2001:db8::/32 mx ~all');
      // A record with our mechanisms among others (another order, a stricter end) is ours.
      dns.setTxt('relais-news.fr', 'v=spf1 ip6:2001:db8::/32 +include:_spf.relay-mail.fr ip4:203.0.113.7 include:other.fr -all');
      expect((await relayed.call('GET', '/api/mail/domain', await relayed.adminBearer())).json().spf.status).toBe('ok');
      dns.setTxt('relais-news.fr', 'v=spf1 include:_spf.relay-mail.fr -all');
      expect((await relayed.call('GET', '/api/mail/domain', await relayed.adminBearer())).json().spf.status).toBe('différent');

      const mxOnly = (await bare.call('GET', '/api/mail/domain', await bare.adminBearer())).json();
      expect(mxOnly).toMatchObject({ publishable: true, spfSource: 'mx', spf: { value: 'v=spf1 mx ~all' } });
    } finally {
      await relayed.close();
      await bare.close();
    }
  });

  it('says the default MAIL_FROM (localhost) cannot be published, and answers no records', async () => {
    // The default MAIL_FROM; publishable.test.ts goes through the other private names.
    const local = await createTestApp({ DNS_SERVERS: dns.address });
    try {
      const answer = (await local.call('GET', '/api/mail/domain', await local.adminBearer())).json();
      expect(answer).toMatchObject({ domain: 'localhost', publishable: false, dkim: null, spf: null, dmarc: null, spfSource: null, ampVisible: false });
      expect(answer.reason).toContain('« localhost »');
    } finally {
      await local.close();
    }
  });

  it('says the check could not run (injoignable) when DNS does not answer, not that records are absent', async () => {
    const silent = await createTestApp({ MAIL_FROM: 'TGM <news@tgm-news.fr>', DNS_SERVERS: `127.0.0.1:${await freePort()}` });
    try {
      const answer = (await silent.call('GET', '/api/mail/domain', await silent.adminBearer())).json();
      expect([answer.dkim.status, answer.spf.status, answer.dmarc.status]).toEqual(['injoignable', 'injoignable', 'injoignable']);
      expect(answer.ampVisible).toBe(false);
    } finally {
      await silent.close();
    }
  });

  it('is for admins only', async () => {
    const operator = await t.operatorBearer();
    const response = await t.call('GET', '/api/mail/domain', operator);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/administrateurs/);
    expect((await t.app.inject({ method: 'GET', url: '/api/mail/domain' })).statusCode).toBe(401);
  });
});
