import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { rapportsCopy as copy } from './copy';
import { reportWithSecrets, SECRETS } from './reportFixture';
import { removeExpiredReports } from './retention';
import { reportFiles } from './storage';

const lines: string[] = [];
let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  // Logs at warn, as the e2e server: the journal still holds the info lines of requests.
  t = await createTestApp({ MAIL_WORKER: '0', LOG_FORMAT: 'json' }, { logger: { level: 'warn', stream } });
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
});
afterAll(() => t.close());

let address = 0;
/** Each test sends from an address of its own: the rate limit counts per address. */
const nextAddress = () => `10.0.0.${(address += 1)}`;

const send = (body: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rapports',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const storedText = (id: number) => fs.readFileSync(path.join(t.config.dataDir, 'rapports', `${id}.json`), 'utf8');

describe('POST /api/rapports', () => {
  it('takes a report from anyone, answers its reference, and stores it for the server alone', async () => {
    const answer = await send(reportWithSecrets(), nextAddress());
    expect(answer.statusCode).toBe(201);
    const { id, reference } = answer.json();
    expect(reference).toMatch(/^R-[A-Z0-9]{6}$/);
    expect(answer.headers['x-request-id']).toBeTruthy();
    const file = path.join(t.config.dataDir, 'rapports', `${id}.json`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(storedText(id)))).toEqual([
      'trace', 'screenshot', 'console', 'requests', 'version', 'commit', 'userAgent', 'viewport', 'language', 'timeZone', 'description',
    ]);
  });

  it('stores no JWT, password, Authorization header or anybody’s e-mail address (anonymous sender)', async () => {
    const { id } = (await send(reportWithSecrets(), nextAddress())).json();
    const text = storedText(id);
    for (const secret of [SECRETS.jwt, SECRETS.password, SECRETS.basic, 'opaque-credential-77', SECRETS.otherEmail, 'visiteur@example.org']) {
      expect(text.includes(secret)).toBe(false);
    }
    const stored = JSON.parse(text);
    expect(stored.requests[0].headers).toEqual({ Authorization: '[redacted]', 'content-type': 'application/json' });
    expect(stored.console[0].message).toBe('fetch failed; headers: Authorization: [redacted]');
    expect(stored.console[1].message).toBe('TypeError: x is undefined, user [e-mail], Bearer [redacted]');
    const state = JSON.parse(stored.trace.payload).computedStates[0].state;
    expect(state.login.form.password).toBe('[redacted]');
    expect(state.auth.accessToken).toBe('[redacted]');
    // The rest stays: what QA needs to see.
    expect(state.router.location.pathname).toBe('/influenceur/listes');
    expect(stored.screenshot).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('keeps the signed-in sender’s own e-mail address, and only theirs', async () => {
    const email = t.config.operatorEmail;
    const { id } = (await send(reportWithSecrets({ senderEmail: email }), nextAddress(), operator)).json();
    const text = storedText(id);
    expect(text).toContain(email);
    expect(text.includes(SECRETS.otherEmail)).toBe(false);
    expect(text.includes(SECRETS.jwt)).toBe(false);
  });

  it('refuses in French a report over 5 MiB (413), not JSON (400), or invalid (400), none of which counts', async () => {
    const from = nextAddress();
    const huge = { ...reportWithSecrets(), screenshot: `data:image/png;base64,${'A'.repeat(6 * 1024 * 1024)}` };
    const tooLarge = await send(huge, from);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ field: 'body', message: expect.stringMatching(/dépasse la taille/) });
    const notJson = await send('ceci n’est pas du JSON', from);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ field: 'body', message: "Le corps de la requête n'est pas du JSON valide." });
    const { description: _description, ...withoutDescription } = reportWithSecrets();
    const invalid = await send(withoutDescription, from);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ field: 'description', message: "Le champ 'description' est obligatoire." });
    for (const answer of [tooLarge, notJson, invalid]) expect(answer.headers['x-request-id']).toBeTruthy();
    // Five reports are still taken from this address.
    for (let i = 0; i < 5; i += 1) expect((await send(reportWithSecrets(), from)).statusCode).toBe(201);
  });

  it('answers the 6th report of an hour from one address 429 in French; other addresses go on', async () => {
    const from = nextAddress();
    const answers = await Promise.all(Array.from({ length: 7 }, () => send(reportWithSecrets(), from)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Trop de rapports envoyés depuis cette adresse : réessayez dans \d+ minutes?\.$/);
    expect(refused.headers['x-request-id']).toBeTruthy();
    expect((await send(reportWithSecrets(), nextAddress())).statusCode).toBe(201);
  });
});

describe('the inbox (admins)', () => {
  it('refuses anyone but an admin', async () => {
    const { id } = (await send(reportWithSecrets(), nextAddress())).json();
    for (const url of ['/api/rapports', `/api/rapports/${id}`, `/api/rapports/${id}/journal`, `/api/rapports/${id}/piles`]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const refused = await t.app.inject({ url, headers: operator });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Réservé aux administrateurs : les rapports de problème.');
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rapports/${id}`, headers: operator })).statusCode).toBe(403);
  });

  it('lists reports newest first, finds one by its reference, marks it treated, answers it whole, deletes it', async () => {
    const first = (await send(reportWithSecrets(), nextAddress())).json();
    const second = (await send({ ...reportWithSecrets(), description: 'Le bouton ne répond plus' }, nextAddress())).json();
    const list = (await t.app.inject({ url: '/api/rapports', headers: admin })).json();
    const references = list['hydra:member'].map((item: { reference: string }) => item.reference);
    expect(references.indexOf(second.reference)).toBeLessThan(references.indexOf(first.reference));
    const item = list['hydra:member'].find((member: { id: number }) => member.id === second.id);
    expect(item).toMatchObject({
      '@id': `/api/rapports/${second.id}`,
      '@type': 'Rapport',
      status: 'à traiter',
      description: 'Le bouton ne répond plus',
      route: '/influenceur/listes?page=2',
      version: '1.0.0',
      commit: 'abc1234',
      userAgent: expect.stringContaining('Chrome'),
      hasErrors: true,
    });

    const found = (await t.app.inject({ url: `/api/rapports?search=${second.reference.toLowerCase()}`, headers: admin })).json();
    expect(found['hydra:member'].map((member: { id: number }) => member.id)).toEqual([second.id]);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/rapports/${second.id}`,
      headers: { ...admin, 'content-type': 'application/merge-patch+json' },
      payload: { status: 'traité' },
    });
    expect(patched.json()).toMatchObject({ status: 'traité' });
    const badStatus = await t.app.inject({
      method: 'PATCH',
      url: `/api/rapports/${second.id}`,
      headers: { ...admin, 'content-type': 'application/merge-patch+json' },
      payload: { status: 'perdu' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().field).toBe('status');
    const treated = (await t.app.inject({ url: '/api/rapports?status=traité', headers: admin })).json();
    expect(treated['hydra:member'].map((member: { id: number }) => member.id)).toEqual([second.id]);

    const whole = (await t.app.inject({ url: `/api/rapports/${second.id}`, headers: admin })).json();
    expect(whole).toMatchObject({ reference: second.reference, status: 'traité', description: 'Le bouton ne répond plus', created: expect.any(String) });
    expect(whole.trace.payload).toEqual(expect.any(String));
    expect(whole.screenshot).toMatch(/^data:image\/png;base64,/);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/rapports/${second.id}`, headers: admin })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/rapports/${second.id}`, headers: admin })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.config.dataDir, 'rapports', `${second.id}.json`))).toBe(false);
  });

  it("answers the server's log lines of the report's requests, secrets masked", async () => {
    const requestId = `journal-${Date.now()}`;
    const failed = await t.app.inject({ url: `/api/grps/999999?token=${SECRETS.password}`, headers: { ...admin, 'x-request-id': requestId } });
    expect(failed.statusCode).toBe(404);
    expect(failed.headers['x-request-id']).toBe(requestId);
    const { id } = (await send(reportWithSecrets({ requestIds: [requestId] }), nextAddress())).json();
    const journal = (await t.app.inject({ url: `/api/rapports/${id}/journal`, headers: admin })).json();
    expect(journal.lines.length).toBeGreaterThan(0);
    for (const line of journal.lines) expect(JSON.parse(line).reqId).toBe(requestId);
    expect(journal.lines.some((line: string) => JSON.parse(line).res?.statusCode === 404)).toBe(true);
    expect(journal.lines.join('\n').includes(SECRETS.password)).toBe(false);
    // Written at warn, the output itself holds none of these info lines.
    expect(lines.some((line) => line.includes(requestId))).toBe(false);
  });
});

describe('readable stacks (admins)', () => {
  it('answers each stack once, frame by frame, left as written with a note when the server serves no build', async () => {
    const stack = 'TypeError: x is undefined\n    at a (https://tgm.example/main.0123456789ab.js:2:345)\n    at async Promise.all (index 0)';
    const report = reportWithSecrets();
    const body = { ...report, console: [...report.console, { ...report.console[1], stack }, { ...report.console[1], stack }] };
    const { id } = (await send(body, nextAddress())).json();
    const answer = await t.app.inject({ url: `/api/rapports/${id}/piles`, headers: admin });
    expect(answer.statusCode).toBe(200);
    const { build, stacks } = answer.json();
    expect(build).toBeNull();
    expect(stacks).toEqual([
      {
        stack,
        note: copy.noBuildServed,
        frames: stack.split('\n').map((text) => ({ text, source: null, line: null, column: null, note: null })),
      },
    ]);
    expect((await t.app.inject({ url: '/api/rapports/999999/piles', headers: admin })).statusCode).toBe(404);
  });
});

it('removes reports past the retention, with their files', async () => {
  const old = (await send(reportWithSecrets(), nextAddress())).json();
  const recent = (await send(reportWithSecrets(), nextAddress())).json();
  await t.db.query(`UPDATE bug_report SET created = now() - interval '91 days' WHERE id = $1`, [old.id]);
  expect(await removeExpiredReports(t.db, reportFiles(t.config.dataDir), 90)).toBe(1);
  expect((await t.app.inject({ url: `/api/rapports/${old.id}`, headers: admin })).statusCode).toBe(404);
  expect(fs.existsSync(path.join(t.config.dataDir, 'rapports', `${old.id}.json`))).toBe(false);
  expect((await t.app.inject({ url: `/api/rapports/${recent.id}`, headers: admin })).statusCode).toBe(200);
});
