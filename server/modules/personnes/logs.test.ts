import { Writable } from 'node:stream';
import { jsonClient } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { makeDelivery, startSend, waitForSend } from '../../testing/mailFixtures';

/**
 * Issue 38, «Logs»: a realistic run logged at info level (JSON, as production writes it) holds
 * no address of a contact, a visitor or a user, whether a request carried it (body, query string,
 * path) or the database did, nor a password.
 */
const lines: string[] = [];
let t: TestApp;
let sink: SmtpSink;
const SECRET = 'webhook-secret-0123456789';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  sink = await startSmtpSink({ refuse: (address) => (address.startsWith('refusee') ? 550 : undefined) });
  t = await createTestApp(
    { LOG_FORMAT: 'json', SMTP_URL: sink.url, MAIL_FROM: 'TGM <news@tgm.example>', PUBLIC_URL: 'https://tgm.example', MAIL_POLL_MS: '50', BOUNCE_WEBHOOK_SECRET: SECRET },
    { logger: { level: 'info', stream } },
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  await sink.stop();
});

it('logs no address and no password at info or above through a run of contacts, mail, visitors and erasure', async () => {
  const api = jsonClient(t.app);
  const addresses = ['claire.contact@example.org', 'refusee.contact@example.org', 'ines.importee@example.org', 'vic.visiteur@example.org', 'ex.clue@example.org'];
  const failedPassword = 'mauvais-mot-de-passe-journal';
  expect((await api.post('/api/login_check', {}, { email: 'inconnu.journal@example.org', password: failedPassword })).statusCode).toBe(401);
  addresses.push('inconnu.journal@example.org');
  const admin = await t.adminBearer();

  const list = (await api.post('/api/grps', admin, { subject: 'Journal' })).json();
  for (const email of addresses.slice(0, 2)) expect((await api.post('/api/grp_rcps', admin, { email, grp: list.id, firstname: 'Prénom' })).statusCode).toBe(201);
  const imported = await t.app.inject({
    method: 'POST',
    url: `/api/grps/${list.id}/import`,
    headers: { ...admin, 'content-type': 'text/csv' },
    payload: `email;firstname\n${addresses[2]};Inès\n`,
  });
  expect(imported.statusCode).toBe(200);
  expect((await t.app.inject({ url: `/api/grp_rcps?search=${encodeURIComponent(addresses[0])}`, headers: admin })).statusCode).toBe(200);
  expect((await api.post('/api/suppressions', admin, { email: addresses[4] })).statusCode).toBe(201);
  expect((await t.app.inject({ url: `/api/suppressions/${encodeURIComponent(addresses[4])}`, headers: admin })).statusCode).toBe(200);

  // A send: one address refused by its server, a bounce reported for another.
  const delId = await makeDelivery(t, admin, {});
  const { id } = await startSend(t, admin, delId, list.id);
  await waitForSend(t, admin, id);
  await t.app.inject({
    method: 'POST',
    url: '/api/bounces/generic',
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ bounces: [{ email: addresses[0], type: 'hard', status: '5.1.1', reason: `<${addresses[0]}>: user unknown` }, { email: 'personne.du.tout@example.org', type: 'hard', status: '5.1.1', reason: 'x' }] }),
  });
  addresses.push('personne.du.tout@example.org');

  // A visitor signs up twice (a sign-in link), then asks for their data and its erasure.
  const signup = { path: 'api/rtEvent/new', email: addresses[3], name: 'optin_grp', grp_name: 'default', optin: true, data: {} };
  const token = (await api.post('/api/rtEvent/new', {}, signup)).json().tokenAc as string;
  await api.post('/api/rtEvent/new', {}, signup);
  expect((await t.app.inject({ url: '/api/visitor/donnees', headers: { 'x-visitor-token': token } })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/api/visitor/donnees/effacement', headers: { 'x-visitor-token': token } })).statusCode).toBe(202);

  // An admin exports then erases a contact.
  expect((await t.app.inject({ url: `/api/personnes/export?email=${encodeURIComponent(addresses[0])}`, headers: admin })).statusCode).toBe(200);
  expect((await api.post('/api/personnes/effacement', admin, { email: addresses[0] })).statusCode).toBe(200);
  const deadline = Date.now() + 10_000;
  while (sink.messages.filter((m) => m.to.includes(addresses[3])).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

  const loud = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 30);
  expect(loud.length).toBeGreaterThan(20);
  const forms = [...addresses, t.config.adminEmail, t.config.operatorEmail].flatMap((a) => [a, encodeURIComponent(a)]);
  const leaks = loud.flatMap((line) => forms.filter((form) => line.toLowerCase().includes(form.toLowerCase())).map((form) => `${form}: ${line.slice(0, 300)}`));
  expect(leaks).toEqual([]);
  for (const secret of [failedPassword, t.config.adminPassword, t.config.operatorPassword]) expect(loud.some((line) => line.includes(secret))).toBe(false);
}, 120_000);
