import { startApiTest, type ApiTest } from '../../testing/requests';

let { t, api, admin, operator } = {} as ApiTest;

beforeAll(async () => {
  ({ t, api, admin, operator } = await startApiTest());
});
afterAll(() => t.close());

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

describe('API tokens', () => {
  it('answers the token once, keeps only its SHA-256, and lists name, scopes, created and last use', async () => {
    const created = await api.post('/api/tokens', operator, { name: 'CRM', scopes: ['listes:lecture', 'modèles:lecture'] });
    expect(created.statusCode).toBe(201);
    const { token, id } = created.json();
    expect(token).toMatch(/^tgm_[\w-]{43}$/);
    const [{ stored }] = await t.db.query<{ stored: string }>('SELECT token_hash AS stored FROM api_token WHERE id = $1', [id]);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(token);

    expect((await api.get('/api/grps', bearerOf(token))).statusCode).toBe(200);
    // The last use is written beside the request, not before its answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listed = (await api.get('/api/tokens', operator)).json();
    expect(listed['hydra:member']).toEqual([
      expect.objectContaining({ id, name: 'CRM', scopes: ['listes:lecture', 'modèles:lecture'], created: expect.any(String), lastUsedAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(JSON.stringify(listed)).not.toContain(stored);
    // Another user's list of tokens does not show it.
    expect((await api.get('/api/tokens', admin)).json()['hydra:totalItems']).toBe(0);
  });

  it('writes the last use at most once a minute, not once a request', async () => {
    const { token, id } = (await api.post('/api/tokens', operator, { name: 'Compteur', scopes: ['listes:lecture'] })).json();
    expect((await api.get('/api/grps', bearerOf(token))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const first = (await t.db.query<{ at: string }>('SELECT last_used_at AS at FROM api_token WHERE id = $1', [id]))[0].at;
    expect(first).not.toBeNull();
    for (let i = 0; i < 5; i += 1) expect((await api.get('/api/grps', bearerOf(token))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await t.db.query<{ at: string }>('SELECT last_used_at AS at FROM api_token WHERE id = $1', [id]))[0].at).toBe(first);
  });

  it('answers 403 outside its scopes, and never makes users or tokens', async () => {
    const { token } = (await api.post('/api/tokens', operator, { name: 'Lecture', scopes: ['listes:lecture'] })).json();
    const bearer = bearerOf(token);
    const write = await api.post('/api/grps', bearer, { subject: 'Par jeton' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toContain('listes:écriture');
    expect((await api.get('/api/deliveries', bearer)).statusCode).toBe(403);
    expect((await api.post('/api/tokens', bearer, { name: 'Encore', scopes: ['listes:lecture'] })).statusCode).toBe(403);
    const adminToken = (await api.post('/api/tokens', admin, { name: 'Admin', scopes: ['listes:écriture', 'envois:écriture', 'modèles:écriture', 'webhooks'] })).json().token;
    expect((await api.post('/api/users', bearerOf(adminToken), { email: 'jeton@example.org', roles: ['ROLE_ADMIN'] })).statusCode).toBe(403);
    // Writing lists includes reading them.
    expect((await api.get('/api/grps', bearerOf(adminToken))).statusCode).toBe(200);
    expect((await api.post('/api/grps', bearerOf(adminToken), { subject: 'Par jeton' })).statusCode).toBe(201);
  });

  it('stops a revoked or expired token at once', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const expiring = (await api.post('/api/tokens', operator, { name: 'Court', scopes: ['listes:lecture'], expiresAt: soon })).json();
    const revoked = (await api.post('/api/tokens', operator, { name: 'Révoqué', scopes: ['listes:lecture'] })).json();
    expect((await api.get('/api/grps', bearerOf(revoked.token))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tokens/${revoked.id}`, headers: operator })).statusCode).toBe(204);
    expect((await api.get('/api/grps', bearerOf(revoked.token))).statusCode).toBe(401);
    // Another's token is unknown to you.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tokens/${expiring.id}`, headers: admin })).statusCode).toBe(404);
    expect((await api.get('/api/grps', bearerOf(expiring.token))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await api.get('/api/grps', bearerOf(expiring.token))).statusCode).toBe(401);
  });

  it('refuses bad input with a French 400 naming the field', async () => {
    expect((await api.post('/api/tokens', operator, { name: 'X', scopes: ['tout'] })).json()).toMatchObject({ statusCode: 400, field: 'scopes' });
    expect((await api.post('/api/tokens', operator, { name: 'X', scopes: [] })).json()).toMatchObject({ statusCode: 400, field: 'scopes' });
    expect((await api.post('/api/tokens', operator, { name: '  ', scopes: ['webhooks'] })).json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect((await api.post('/api/tokens', operator, { name: 'X', scopes: ['webhooks'], expiresAt: '2001-01-01T00:00:00Z' })).json()).toMatchObject({ statusCode: 400, field: 'expiresAt' });
    expect((await api.post('/api/tokens', operator, { name: 'X', scopes: ['webhooks'], expiresAt: 'demain' })).json()).toMatchObject({ statusCode: 400, field: 'expiresAt' });
    expect((await api.get('/api/grps', bearerOf('tgm_inventé'))).statusCode).toBe(401);
  });
});
