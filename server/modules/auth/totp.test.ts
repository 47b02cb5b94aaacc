import { Secret, TOTP } from 'otpauth';
import { createTestApp, type TestApp } from '../../testing/testApp';

/** Two-factor sign-in (issue 39, item 4): set-up from « Mon compte », then the code step of the sign-in. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

/** The code an authenticator app shows for `secret`, `offsetSteps` time-steps from now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const login = (app: TestApp, body: Record<string, unknown>) => app.app.inject({ method: 'POST', url: '/api/login_check', payload: body });
const failuresOf = async (app: TestApp, email: string) =>
  (await app.db.query<{ failures: number }>('SELECT failures FROM login_failure WHERE email = $1', [email]))[0]?.failures ?? 0;

describe('two-factor sign-in', () => {
  it('sets up from « Mon compte », then asks every sign-in for a code, accepted once; recovery codes serve once', async () => {
    const email = t.config.operatorEmail;
    const password = t.config.operatorPassword;
    const headers = await t.operatorBearer();
    const setup = await t.app.inject({ method: 'POST', url: '/api/me/totp', headers });
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qr } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/TGM:/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // Not on yet: the sign-in asks for nothing more.
    expect((await login(t, { email, password })).statusCode).toBe(200);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/me/totp/confirm', headers, payload: { code: '000000' === codeOf(secret) ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'code', message: 'Code de vérification invalide.' });
    const first = codeOf(secret);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/me/totp/confirm', headers, payload: { code: first } });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/totp', headers })).statusCode).toBe(409);
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM totp_recovery_code');
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);

    // Without a code: 401 {totp: true}, no token.
    const asked = await login(t, { email, password });
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({ totp: true });
    expect(asked.json().token).toBeUndefined();
    // The confirming code's step is spent: the same code does not sign in.
    expect((await login(t, { email, password, code: first })).statusCode).toBe(401);
    const before = await failuresOf(t, email);
    expect((await login(t, { email, password, code: '12345' })).json()).toMatchObject({ totp: true, message: 'Code de vérification invalide.' });
    expect(await failuresOf(t, email)).toBe(before + 1);
    // The next step's code signs in, once.
    const next = codeOf(secret, 1);
    const signedIn = await login(t, { email, password, code: next });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
    expect((await login(t, { email, password, code: next })).statusCode).toBe(401);
    // A recovery code in the same field, once (spaces and case do not matter).
    expect((await login(t, { email, password, code: ` ${recoveryCodes[3].toUpperCase()} ` })).statusCode).toBe(200);
    expect((await login(t, { email, password, code: recoveryCodes[3] })).statusCode).toBe(401);
    // A wrong password with a right code is a wrong password.
    const badPassword = await login(t, { email, password: 'pas-le-bon', code: recoveryCodes[4] });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Identifiants invalides.' });
    expect((await login(t, { email: 'personne@nulle-part.example', password, code: recoveryCodes[4] })).json().message).toBe('Identifiants invalides.');
  });
});

describe('TOTP_REQUIRED_FOR_ADMINS=1', () => {
  it('makes an admin without it set it up at the sign-in, the recovery codes in the answer; an operator signs in as before', async () => {
    const strict = await createTestApp({ TOTP_REQUIRED_FOR_ADMINS: '1', LOGIN_RATE_LIMIT: '1000' });
    try {
      const email = strict.config.adminEmail;
      const password = strict.config.adminPassword;
      const asked = await login(strict, { email, password });
      expect(asked.statusCode).toBe(401);
      const body = asked.json();
      expect(body).toMatchObject({ totp: true, setup: true, secret: expect.any(String), uri: expect.stringMatching(/^otpauth:\/\//), qr: expect.any(String) });
      expect(body.token).toBeUndefined();
      expect((await login(strict, { email, password, code: '000000' === codeOf(body.secret) ? '111111' : '000000' })).json()).toMatchObject({ setup: true });
      const done = await login(strict, { email, password, code: codeOf(body.secret) });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ token: expect.any(String), recoveryCodes: expect.any(Array) });
      const again = await login(strict, { email, password });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ totp: true });
      expect(again.json().setup).toBeUndefined();
      expect((await login(strict, { email: strict.config.operatorEmail, password: strict.config.operatorPassword })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
