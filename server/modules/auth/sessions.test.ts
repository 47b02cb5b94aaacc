import { createTestApp, type TestApp } from '../../testing/testApp';
import { hashPassword } from '../../shared/passwords';
import { LOGIN_DELAY, loginDelayMs } from './repository';

/** Sessions held by the server (docs/architecture.md, «Sessions»): sign-out, password change, an admin ending them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '5' });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email, password }, remoteAddress });
const bearerOf = async (email: string, password: string, remoteAddress?: string) => {
  const response = await login(email, password, remoteAddress);
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
};
const me = (headers: { authorization: string }) => t.app.inject({ url: '/api/users', headers });

describe('POST /api/logout', () => {
  it("ends the caller's session only: its token answers 401 from then on, another one goes on", async () => {
    const first = await t.operatorBearer();
    const second = await t.operatorBearer();
    // Asked twice first: the second answer may come from the session cache.
    for (let i = 0; i < 2; i += 1) expect((await me(first)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: first });
    expect(logout.statusCode).toBe(204);
    const refused = await me(first);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/reconnectez-vous/);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: first })).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('needs a session, and a token without one (signed, but never opened) is refused', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
    const [{ id }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.operatorEmail]);
    const sessionless = t.tokens.sign({ id, ip: '127.0.0.1', roles: [], username: t.config.operatorEmail });
    expect((await me({ authorization: `Bearer ${sessionless}` })).statusCode).toBe(401);
    const forgedSid = t.tokens.sign({ id, ip: '127.0.0.1', roles: [], username: t.config.operatorEmail, sid: 'made-up' });
    expect((await me({ authorization: `Bearer ${forgedSid}` })).statusCode).toBe(401);
  });
});

describe('POST /api/me/password', () => {
  const change = (headers: { authorization: string }, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/me/password', headers, payload: body as object });

  it("changes the password and ends the user's other sessions, not the caller's", async () => {
    const [{ id }] = await t.db.query<{ id: number }>(
      `INSERT INTO app_user (email, password_hash) VALUES ('change@example.org', 'x') RETURNING id`,
    );
    await t.db.query('UPDATE app_user SET password_hash = $1 WHERE id = $2', [await hashPassword('ancien-mot-de-passe'), id]);
    const here = await bearerOf('change@example.org', 'ancien-mot-de-passe');
    const elsewhere = await bearerOf('change@example.org', 'ancien-mot-de-passe', '10.1.1.1');
    const admin = await t.adminBearer();
    expect((await me(elsewhere)).statusCode).toBe(200);

    const wrong = await change(here, { currentPassword: 'pas-le-bon', newPassword: 'quatre-chats-verts-dansent' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'currentPassword', message: 'Mot de passe actuel incorrect.' });
    const short = await change(here, { currentPassword: 'ancien-mot-de-passe', newPassword: 'court' });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('newPassword');
    expect((await change(here, { currentPassword: 'ancien-mot-de-passe' })).json().field).toBe('newPassword');
    expect((await me(elsewhere)).statusCode).toBe(200);

    const done = await change(here, { currentPassword: 'ancien-mot-de-passe', newPassword: 'quatre-chats-verts-dansent' });
    expect(done.statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    // Another user's session is untouched.
    expect((await me(admin)).statusCode).toBe(200);
    expect((await login('change@example.org', 'ancien-mot-de-passe')).statusCode).toBe(401);
    expect((await login('change@example.org', 'quatre-chats-verts-dansent')).statusCode).toBe(200);
    const [{ passwordHash }] = await t.db.query<{ passwordHash: string }>('SELECT password_hash AS "passwordHash" FROM app_user WHERE id = $1', [id]);
    expect(passwordHash).toMatch(/^scrypt\$/);
    expect(passwordHash).not.toContain('quatre-chats-verts-dansent');
  });
});

describe('DELETE /api/users/{id}/sessions', () => {
  it("lets an admin end another user's sessions, and nobody else", async () => {
    const operator = await t.operatorBearer();
    const operatorAgain = await t.operatorBearer();
    const admin = await t.adminBearer();
    const [{ id }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.operatorEmail]);
    const [{ id: adminId }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.adminEmail]);
    const end = (target: number, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'DELETE', url: `/api/users/${target}/sessions`, headers });

    const refused = await end(adminId, operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/administrateur/);
    expect((await me(admin)).statusCode).toBe(200);
    expect((await end(id)).statusCode).toBe(401);
    expect((await end(999_999, admin)).statusCode).toBe(404);
    expect((await end(0, admin)).json().field).toBe('id');

    expect((await end(id, admin)).statusCode).toBe(204);
    expect((await me(operator)).statusCode).toBe(401);
    expect((await me(operatorAgain)).statusCode).toBe(401);
    expect((await me(admin)).statusCode).toBe(200);
    // The user signs in again as usual.
    expect((await me(await t.operatorBearer())).statusCode).toBe(200);
  });
});

describe('failed sign-ins', () => {
  it('slow down the account rather than lock it: its owner signs in from elsewhere whatever others tried', async () => {
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await login(t.config.adminEmail, 'devine-le', attacker)).statusCode);
    // The attacker's address is limited for this e-mail (LOGIN_RATE_LIMIT)...
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const [{ failures }] = await t.db.query<{ failures: number }>('SELECT failures FROM login_failure WHERE email = $1', [t.config.adminEmail]);
    expect(failures).toBe(5);
    // ...and the admin, from their own address, is let in (after a short delay), which clears the failures.
    expect((await login(t.config.adminEmail, t.config.adminPassword, '198.51.100.20')).statusCode).toBe(200);
    expect(await t.db.query('SELECT 1 FROM login_failure WHERE email = $1', [t.config.adminEmail])).toEqual([]);
  });

  it('grow the delay with the failures, bounded to a few seconds', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 8, 12, 50, 1000].map(loginDelayMs);
    expect(delays.slice(0, LOGIN_DELAY.freeFailures + 1)).toEqual([0, 0, 0, 0]);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
    expect(delays[4]).toBeGreaterThan(0);
    expect(Math.max(...delays)).toBe(LOGIN_DELAY.maxMs);
    expect(LOGIN_DELAY.maxMs).toBeLessThanOrEqual(5000);
  });
});

describe('behind one proxy (TRUST_PROXY=1, as compose.yaml sets it for Caddy)', () => {
  it("limits the failing client, not the proxy: the admin signs in through the same proxy from elsewhere", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '3' });
    try {
      const through = (client: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login_check',
          remoteAddress: '172.18.0.2',
          headers: { 'x-forwarded-for': client },
          payload: { email: proxied.config.adminEmail, password },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await through('203.0.113.50', 'mauvais-mot-de-passe')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      const admin = await through('198.51.100.8', proxied.config.adminPassword);
      expect(admin.statusCode).toBe(200);
      expect(JSON.parse(Buffer.from(admin.json().token.split('.')[1], 'base64url').toString()).ip).toBe('198.51.100.8');
    } finally {
      await proxied.close();
    }
  });
});
