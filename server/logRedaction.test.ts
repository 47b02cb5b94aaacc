import { Writable } from 'node:stream';
import { unsubscribeTokens, loadLinkSecret } from './modules/mail/tracking';
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
  t = await createTestApp({ MAIL_WORKER: '0' }, { logger: { level: 'info', stream } });
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
