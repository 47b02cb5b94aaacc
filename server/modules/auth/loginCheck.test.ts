import { createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '5' });
});
afterAll(() => t.close());

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('POST /api/login_check', () => {
  it('answers a signed HS256 token whose payload holds id, ip, roles, username and an expiry', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: t.config.adminEmail, password: t.config.adminPassword },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const payload = decode(token);
    expect(payload).toMatchObject({
      id: expect.any(Number),
      ip: '127.0.0.1',
      roles: expect.arrayContaining(['ROLE_ADMIN']),
      username: t.config.adminEmail,
    });
    expect(payload.exp - payload.iat).toBe(t.config.jwtTtlSeconds);
    expect(() => t.tokens.verify(token)).not.toThrow();
  });

  it('gives the operator no admin role', async () => {
    const { authorization } = await t.operatorBearer();
    expect(decode(authorization.slice(7)).roles).not.toContain('ROLE_ADMIN');
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 message', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: t.config.operatorEmail, password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: 'nobody@example.org', password: 'whatever-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Identifiants invalides.' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('names the missing field in a 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: 'a@b.c' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'password' });
    expect(response.json().message).toContain('password');
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('limits attempts per address and e-mail with a 429 and a message', async () => {
    const attempt = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email, password: 'bad-password' } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt('target@example.org')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const limited = await attempt('target@example.org');
    expect(limited.json().message).toMatch(/Trop de requêtes/);
    // Another e-mail from the same address has its own budget.
    expect((await attempt('other@example.org')).statusCode).toBe(401);
  });
});
