import Fastify from 'fastify';
import { trustedProxies } from './app';
import { loadConfig } from './config';
import { startApiTest, type ApiTest } from './testing/requests';
import { createTestApp } from './testing/testApp';

/** The findings of issue 11, each as the request that showed it. */
let { t, api, operator } = {} as ApiTest;
let listId: number;

beforeAll(async () => {
  ({ t, api, operator } = await startApiTest({ LOGIN_RATE_LIMIT: '3', BAT_RATE_LIMIT: '2' }));
  listId = (await api.post('/api/grps', operator, { subject: 'Durcissement' })).json().id;
});
afterAll(() => t.close());

const raw = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: string) =>
  t.app.inject({ method, url, headers, payload });

/** Every refusal: French, the uniform shape, and the field when there is one. */
function expectRefusal(response: { statusCode: number; json(): unknown }, status: number, field?: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { statusCode: number; error: string; message: string; field?: string };
  expect(body.statusCode).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(body.message).toMatch(/[a-zàâçéèêëîïôûùüÿ' ]{4}/i);
  // Fastify's and Ajv's English wordings are gone.
  expect(body.message).not.toMatch(/\b(must|should|Unsupported|Body cannot|Unexpected|is not a valid)\b/);
  if (field) expect(body.field).toBe(field);
  return body;
}

describe('content types', () => {
  it('answers 415 in French to a CSV body on a JSON route, and the process goes on', async () => {
    for (const url of [`/api/grps/${listId}`, `/api/grp_rcps/${listId}`]) {
      const response = await raw('PATCH', url, { ...operator, 'content-type': 'text/csv' }, 'email\nx@example.org');
      expectRefusal(response, 415, 'content-type');
    }
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    expect((await api.get(`/api/grps/${listId}`, operator)).json().subject).toBe('Durcissement');
  });

  it('answers 415 to plain text and forms on JSON routes', async () => {
    expectRefusal(await raw('POST', '/api/grps', { ...operator, 'content-type': 'text/plain' }, '{"subject":"x"}'), 415);
    expectRefusal(await raw('POST', '/api/grps', { ...operator, 'content-type': 'application/x-www-form-urlencoded' }, 'subject=x'), 415);
  });

  it('refuses a JSON body, or none, on the CSV import', async () => {
    const json = await raw('POST', `/api/grps/${listId}/import`, { ...operator, 'content-type': 'application/json' }, '{}');
    expect(expectRefusal(json, 415, 'content-type').message).toContain('text/csv');
    expectRefusal(await raw('POST', `/api/grps/${listId}/import`, operator), 415, 'content-type');
  });
});

describe("Fastify's own refusals, in French", () => {
  it('bad JSON, an empty JSON body, a __proto__ key', async () => {
    const headers = { ...operator, 'content-type': 'application/json' };
    expectRefusal(await raw('POST', '/api/grps', headers, '{"subject": '), 400, 'body');
    expectRefusal(await raw('POST', '/api/grps', headers, ''), 400, 'body');
    expectRefusal(await raw('POST', '/api/grps', headers, '{"subject":"a","__proto__":{"x":1}}'), 400, 'body');
  });

  it('a body over the limit', async () => {
    const huge = JSON.stringify({ subject: 'x'.repeat(11 * 1024 * 1024) });
    expectRefusal(await raw('POST', '/api/grps', { ...operator, 'content-type': 'application/json' }, huge), 413, 'body');
  });

  it('bad percent-encoding in a path, naming the route\'s parameter when the path is a route\'s', async () => {
    const token = expectRefusal(await raw('GET', '/api/unsubscribe/%E0%A4%A', {}), 400, 'token');
    expect(token.message).toBe("Le champ 'token' de l'adresse de la requête contient un encodage invalide.");
    expectRefusal(await raw('GET', '/api/nowhere/%E0%A4%A/at-all', {}), 400, 'url');
  });

  it('schema keywords, with the field named', async () => {
    const short = expectRefusal(await api.post('/api/visitor/liste', {}, { name: 'ab' }), 400, 'name');
    expect(short.message).toBe("Le champ 'name' est invalide : ne doit pas faire moins de 3 caractères.");
    const missing = expectRefusal(await api.post('/api/grps', operator, {}), 400, 'subject');
    expect(missing.message).toBe("Le champ 'subject' est obligatoire.");
    const actif = expectRefusal(await api.patch(`/api/grps/${listId}`, operator, { actif: 2 }), 400, 'actif');
    expect(actif.message).toBe("Le champ 'actif' est invalide : doit valoir 0 ou 1.");
  });
});

describe('strict JSON types, coercing query strings and paths', () => {
  it('refuses a boolean where text is expected and text where an integer is expected', async () => {
    const before = (await api.get('/api/grps', operator)).json()['hydra:totalItems'];
    const subject = expectRefusal(await api.post('/api/grps', operator, { subject: true }), 400, 'subject');
    expect(subject.message).toBe("Le champ 'subject' est invalide : doit être de type texte.");
    expectRefusal(await api.post('/api/grp_rcps', operator, { email: 'a@example.org', grp: String(listId) }), 400, 'grp');
    expect((await api.get('/api/grps', operator)).json()['hydra:totalItems']).toBe(before);
  });

  it('refuses page sizes that are no finite integer', async () => {
    expectRefusal(await api.get('/api/grps?itemsPerPage=1e309', operator), 400, 'itemsPerPage');
    expectRefusal(await api.get('/api/grps?page=1e309', operator), 400, 'page');
  });

  it('still reads numbers in query strings and paths', async () => {
    expect((await api.get(`/api/grps?id=${listId}&itemsPerPage=5`, operator)).json()['hydra:totalItems']).toBe(1);
    expect((await api.get(`/grps/${listId}`, operator)).statusCode).toBe(200);
  });

  it('refuses NUL characters naming the field', async () => {
    expectRefusal(await api.post('/api/grps', operator, { subject: 'a\u0000b' }), 400, 'subject');
    expectRefusal(await api.post('/api/grps', operator, { subject: 'ok', sequence: [{ sequence: 1, key: 'k\u0000', value: '', type: '', profil: '' }] }), 400, 'sequence.0.key');
    expectRefusal(await api.get('/api/grps?subject=a%00b', operator), 400, 'subject');
  });
});

describe('inputs that answered 500', () => {
  it('a recipient token of the right length in characters but not in bytes', async () => {
    const recipient = (await api.post('/api/recipients', operator, { email: 'octets@example.org' })).json();
    const token = 'é'.repeat(recipient.token.length);
    expectRefusal(await api.patch(`/api/recipients/${recipient.id}`, {}, { token, firstname: 'X' }), 403);
  });

  it('deeply nested sign-up data, at 100,000 and at 3,000 levels', async () => {
    for (const levels of [100_000, 3_000]) {
      const data = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
      const body = `{"path":"api/rtEvent/new","email":"deep@example.org","name":"optin_grp","grp_name":"g","optin":true,"data":${data}}`;
      const response = await raw('POST', '/api/rtEvent/new', { 'content-type': 'application/json' }, body);
      expectRefusal(response, 400);
      expect(String((response.json() as { field: string }).field)).toMatch(/^data/);
    }
    const [{ count }] = await t.db.query<{ count: number }>("SELECT count(*)::int AS count FROM visitor WHERE email = 'deep@example.org'");
    expect(count).toBe(0);
  });

  it('sign-up data stays flat and bounded, and its known keys still pass', async () => {
    const ok = await api.post('/api/rtEvent/new', {}, {
      path: 'api/rtEvent/new', email: 'flat@example.org', name: 'optin_grp', grp_name: 'g', optin: true,
      data: { url: 'https://example.org', type: 'web', campaign: 'hiver', step: 2 },
    });
    expect(ok.statusCode).toBe(201);
    const nested = await api.post('/api/rtEvent/new', {}, {
      path: 'api/rtEvent/new', email: 'flat@example.org', name: 'optin_grp', grp_name: 'g', optin: true, data: { extra: { a: 1 } },
    });
    expectRefusal(nested, 400, 'data.extra');
  });
});

describe('limits that hold', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const ip = async (setting: string | undefined) => {
      const bare = Fastify({ trustProxy: trustedProxies(loadConfig({ TRUST_PROXY: setting }).trustProxy) });
      bare.get('/', async (request) => request.ip);
      const response = await bare.inject({ url: '/', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' } });
      await bare.close();
      return response.body;
    };
    expect(await ip(undefined)).toBe('10.0.0.1');
    expect(await ip('10.0.0.0/8')).toBe('203.0.113.9');
    expect(await ip('192.168.0.1')).toBe('10.0.0.1');
    expect(await ip('1')).toBe('203.0.113.9');
    expect(await ip('2')).toBe('198.51.100.7');
    // The app itself: a client rotating X-Forwarded-For stays one client.
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login_check',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: 'admin@tgm.local', password: 'wrong-password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('keys the login limit on the e-mail as the lookup reads it', async () => {
    const attempt = (email: string, address: string) =>
      t.app.inject({ method: 'POST', url: '/api/login_check', remoteAddress: address, payload: { email, password: 'wrong-password' } });
    const variants = [' operateur@tgm.local', 'OPERATEUR@tgm.local', 'operateur@tgm.local ', 'Operateur@Tgm.Local'];
    const statuses = [];
    for (const email of variants) statuses.push((await attempt(email, '10.1.1.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = expectRefusal(await attempt('operateur@tgm.local', '10.1.1.1'), 429);
    expect(refused.message).toMatch(/^Trop de requêtes\. Réessayez dans \d+ secondes?\.$/);
    expect(Number((await attempt('operateur@tgm.local', '10.1.1.1')).headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own tries.
    expect((await attempt('operateur@tgm.local', '10.2.2.2')).statusCode).toBe(401);
  });

  it('limits test sends per user, whatever the address', async () => {
    const send = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/email/encoded',
        remoteAddress: address,
        headers: { ...operator, 'content-type': 'application/json' },
        payload: { email: 'bat@example.org', subject: 'BAT', codeHtml: [Buffer.from('<p>Bonjour</p>').toString('base64')] },
      });
    expect((await send('10.3.0.1')).statusCode).toBe(200);
    expect((await send('10.3.0.2')).statusCode).toBe(200);
    const third = await send('10.3.0.3');
    expectRefusal(third, 429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(60);
  });
});

describe('headers', () => {
  it('marks API answers no-store, and sends no HSTS over plain HTTP', async () => {
    const response = await api.get('/api/grps', operator);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // The spec's unprefixed paths, refusals and public reads too.
    expect((await api.get(`/grps/${listId}`, operator)).headers['cache-control']).toBe('no-store');
    expect((await api.get('/api/grps', {})).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject('/api/creators')).headers['cache-control']).toBe('no-store');
  });

  it('sends the same security headers on answers, refusals and unknown paths', async () => {
    const answers = [await api.get('/api/grps', operator), await api.get('/api/grps', {}), await t.app.inject('/api/nowhere')];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 401, 404]);
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://news.example.org' });
    try {
      expect((await secure.app.inject('/api/health')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('odd bodies', () => {
  it('answers a JSON null body with 400, not 500', async () => {
    for (const url of ['/api/grps', '/api/email/preview', '/api/rtEvent/new']) {
      const response = await raw('POST', url, { ...operator, 'content-type': 'application/json' }, 'null');
      expectRefusal(response, 400);
    }
  });
});
