import { Writable } from 'node:stream';
import { mailTokens, unsubscribeTokens, loadLinkSecret } from './modules/mail/tracking';
import { jsonClient } from './testing/requests';
import { createTestApp, type TestApp } from './testing/testApp';

/** The server's info-level log of a whole journey, read back: no secret appears in it. */
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({ MAIL_WORKER: '0', LOG_FORMAT: 'json' }, { logger: { level: 'info', stream } });
});
afterAll(() => t.close());

it('logs request URLs with unsubscribe, recipient and visitor tokens and access_token redacted', async () => {
  const api = jsonClient(t.app);
  const operator = await t.operatorBearer();
  const jwt = operator.authorization.slice('Bearer '.length);
  const list = (await api.post('/api/grps', operator, { subject: 'Journal' })).json();
  const contact = (await api.post('/api/grp_rcps', operator, { email: 'journal@example.org', grp: list.id })).json();
  const recipient = (await api.post('/api/recipients', operator, { email: 'dest-journal@example.org' })).json();
  const visitorToken = (
    await api.post('/api/rtEvent/new', {}, {
      path: 'api/rtEvent/new', email: 'visiteur-journal@example.org', name: 'optin_grp', grp_name: 'g', optin: true, data: {},
    })
  ).json().tokenAc;
  const unsubscribe = unsubscribeTokens(await loadLinkSecret(t.db)).sign(contact.id);

  const calls = [
    await api.patch(`/api/recipients/${recipient.id}?token=${recipient.token}`, {}, { firstname: 'Léa' }),
    await t.app.inject(`/api/unsubscribe/${unsubscribe}`),
    await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${unsubscribe}` }),
    await t.app.inject({ url: '/api/visitor/me', headers: { 'x-visitor-token': visitorToken } }),
    await t.app.inject({ url: `/api/visitor/me?visitorToken=${visitorToken}&tokenAc=${visitorToken}` }),
    await t.app.inject({ url: `/api/grps?access_token=${jwt}`, headers: operator }),
    await t.app.inject({ url: `/grps?page=1&access_token=${jwt}`, headers: operator }),
  ];
  expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200, 200, 401, 200, 200]);

  const log = lines.join('');
  expect(log).toContain('/api/unsubscribe/[redacted]');
  expect(log).toContain('token=[redacted]');
  expect(log).toContain('access_token=[redacted]');
  for (const secret of [recipient.token, unsubscribe, visitorToken, jwt, 'operateur-tgm-2026']) {
    expect(log.includes(secret)).toBe(false);
  }
  console.info(`${lines.length} log lines read, no secret in them`);
});

describe('a whole journey, logged at info level', () => {
  it('leaves no token, JWT, password or download token it saw in the log', async () => {
    const from = lines.length;
    const seen: string[] = [t.config.adminPassword, t.config.operatorPassword];
    const api = jsonClient(t.app);
    // Signing in (a failed try first: its password must not be logged either).
    const failed = 'mauvais-mot-de-passe-journal';
    seen.push(failed);
    expect((await api.post('/api/login_check', {}, { email: t.config.operatorEmail, password: failed })).statusCode).toBe(401);
    const operator = await t.operatorBearer();
    const admin = await t.adminBearer();
    seen.push(operator.authorization.slice(7), admin.authorization.slice(7));

    // A list, an import, an export downloaded through its one-use link.
    const list = (await api.post('/api/grps', operator, { subject: 'Parcours' })).json();
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/grps/${list.id}/import`,
      headers: { ...operator, 'content-type': 'text/csv' },
      payload: Buffer.from('Prénom;E-mail\r\nÉlodie;elodie.parcours@example.org\r\n', 'latin1'),
    });
    expect(imported.json()).toMatchObject({ added: 1, encoding: 'ISO-8859-1' });
    const link = (await api.post(`/api/grps/${list.id}/contacts.csv/download`, operator, { separator: ';' })).json();
    seen.push(link.token);
    expect((await t.app.inject({ url: link.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: link.url.replace('/api/', '/') })).statusCode).toBe(401);

    // A visitor signs up and reads their list with the token; a recipient edits their record.
    const visitor = (
      await api.post('/api/rtEvent/new', {}, {
        path: 'api/rtEvent/new', email: 'visiteur-parcours@example.org', name: 'optin_grp', grp_name: 'g', optin: true, data: {},
      })
    ).json().tokenAc;
    seen.push(visitor);
    expect((await t.app.inject({ url: `/api/visitor/me?tokenAc=${visitor}`, headers: { 'x-visitor-token': visitor } })).statusCode).toBe(200);
    const recipient = (await api.post('/api/recipients', operator, { email: 'dest-parcours@example.org' })).json();
    seen.push(recipient.token);
    expect((await api.patch(`/api/recipients/${recipient.id}?token=${recipient.token}`, {}, { firstname: 'Léa' })).statusCode).toBe(200);

    // An API token at work, and the pages of a reset and an invitation link (the SPA's addresses).
    const apiToken = (await api.post('/api/tokens', operator, { name: 'Parcours', scopes: ['listes:lecture'] })).json().token as string;
    seen.push(apiToken);
    expect((await t.app.inject({ url: '/api/grps', headers: { authorization: `Bearer ${apiToken}` } })).statusCode).toBe(200);
    const linkTokens = ['lienDeReinitialisationParcours0123456789', 'lienDInvitationParcours0123456789abc'];
    seen.push(...linkTokens);
    await t.app.inject({ url: `/mot-de-passe/${linkTokens[0]}` });
    await t.app.inject({ url: `/invitation/${linkTokens[1]}` });

    // A message's links: unsubscribe (page and one-click), and the open image.
    const [contact] = await t.db.query<{ id: number }>('SELECT id FROM grp_rcp WHERE grp_id = $1', [list.id]);
    const secret = await loadLinkSecret(t.db);
    const unsubscribe = unsubscribeTokens(secret).sign(contact.id);
    const open = mailTokens(secret).open.sign({ sendId: 1, contactId: contact.id });
    seen.push(unsubscribe, open);
    expect((await t.app.inject(`/api/unsubscribe/${unsubscribe}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${unsubscribe}` })).statusCode).toBe(200);
    expect((await t.app.inject(`/api/t/o/${open}`)).statusCode).toBeLessThan(500);

    // The password changes, then the session ends.
    const renewed = 'parcours-hibou-tempête-violon';
    seen.push(renewed);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: operator,
      payload: { currentPassword: t.config.operatorPassword, newPassword: renewed },
    });
    expect(changed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: operator })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/grps?access_token=${operator.authorization.slice(7)}`, headers: operator })).statusCode).toBe(401);

    const log = lines.slice(from).join('');
    expect(log).toContain('download=[redacted]');
    expect(log).toContain('/api/t/o/[redacted]');
    expect(log.length).toBeGreaterThan(1000);
    const leaked = seen.filter((secretSeen) => log.includes(secretSeen));
    expect(leaked).toEqual([]);
    console.info(`${lines.length - from} log lines of a journey read, none of its ${seen.length} secrets in them`);
  });
});
