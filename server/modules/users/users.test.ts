import { createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };
let operatorId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
  // More users so pagination and ordering have something to work on.
  for (const n of [1, 2, 3, 4, 5]) {
    await t.db.query(`INSERT INTO app_user (email, password_hash) VALUES ($1, 'x')`, [`user${n}@example.org`]);
  }
  [{ id: operatorId }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [
    t.config.operatorEmail,
  ]);
});
afterAll(() => t.close());

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('users resource (the shared hydra layer)', () => {
  it('answers a hydra collection with JSON-LD items', async () => {
    const response = await get('/api/users', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ '@id': '/api/users', '@type': 'hydra:Collection', 'hydra:totalItems': 7 });
    expect(body['hydra:member'][0]).toMatchObject({ '@id': '/api/users/1', '@type': 'User', id: 1 });
    expect(body['hydra:member'][0]).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('scrypt');
  });

  it('filters by exact field', async () => {
    const body = (await get('/api/users?email=user3@example.org', admin)).json();
    expect(body['hydra:totalItems']).toBe(1);
    expect(body['hydra:member'][0].email).toBe('user3@example.org');
  });

  it('orders with order[field]', async () => {
    const emails = (await get('/api/users?order[email]=desc', admin)).json()['hydra:member'].map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('pages with page and itemsPerPage, and describes the view', async () => {
    const body = (await get('/api/users?itemsPerPage=3&page=2', admin)).json();
    expect(body['hydra:member'].map((u: { id: number }) => u.id)).toEqual([4, 5, 6]);
    expect(body['hydra:totalItems']).toBe(7);
    expect(body['hydra:view']).toMatchObject({
      'hydra:first': '/api/users?itemsPerPage=3&page=1',
      'hydra:last': '/api/users?itemsPerPage=3&page=3',
      'hydra:previous': '/api/users?itemsPerPage=3&page=1',
      'hydra:next': '/api/users?itemsPerPage=3&page=3',
    });
  });

  it.each([
    ['/api/users?page=0', 'page'],
    ['/api/users?itemsPerPage=abc', 'itemsPerPage'],
    ['/api/users?order[email]=sideways', 'order[email]'],
    ['/api/users?id=notanumber', 'id'],
  ])('refuses %s with a 400 naming %s', async (url, field) => {
    const response = await get(url, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('needs a valid bearer token', async () => {
    expect((await get('/api/users')).statusCode).toBe(401);
    expect((await get('/api/users', { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
    const forged = t.tokens.sign({ id: 9999, ip: '127.0.0.1', roles: ['ROLE_ADMIN'], username: 'ghost@x.y' });
    expect((await get('/api/users', { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  it('shows a non-admin only themself', async () => {
    const body = (await get('/api/users', operator)).json();
    expect(body['hydra:member'].map((u: { id: number }) => u.id)).toEqual([operatorId]);
    expect((await get(`/api/users?email=${t.config.operatorEmail}`, operator)).json()['hydra:totalItems']).toBe(1);
  });

  it('refuses a non-admin reading someone else (403)', async () => {
    expect((await get('/api/users/1', operator)).statusCode).toBe(403);
    expect((await get('/api/users?id=1', operator)).statusCode).toBe(403);
    expect((await get(`/api/users?email=${t.config.adminEmail}`, operator)).statusCode).toBe(403);
    expect((await get(`/api/users/${operatorId}`, operator)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/api/users/4242', admin)).statusCode).toBe(404);
    const bad = await get('/api/users/abc', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('serves the same routes without the /api prefix, as the spec writes them', async () => {
    const response = await get(`/users?email=${t.config.operatorEmail}`, operator);
    expect(response.statusCode).toBe(200);
    expect(response.json()['hydra:member'][0].id).toBe(operatorId);
  });

  describe('PATCH (merge-patch)', () => {
    const patch = (id: number, payload: unknown, headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}`,
        headers: { ...headers, 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify(payload),
      });

    it('lets a user change their own e-mail, and keeps the other fields', async () => {
      const [{ id }] = await t.db.query<{ id: number }>(
        `INSERT INTO app_user (email, password_hash) VALUES ('self@example.org', 'x') RETURNING id`,
      );
      const before = (await get(`/api/users/${id}`, admin)).json();
      const response = await patch(id, { email: 'Renamed@Example.org' }, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: 'renamed@example.org', roles: before.roles });
      expect(Date.parse(response.json().lastModified)).toBeGreaterThanOrEqual(Date.parse(before.lastModified));
    });

    it('refuses roles from a non-admin, and another user entirely', async () => {
      expect((await patch(operatorId, { roles: ['ROLE_ADMIN'] }, operator)).statusCode).toBe(403);
      expect((await patch(1, { email: 'x@example.org' }, operator)).statusCode).toBe(403);
      const [{ roles }] = await t.db.query<{ roles: string[] }>('SELECT roles FROM app_user WHERE id = $1', [
        operatorId,
      ]);
      expect(roles).not.toContain('ROLE_ADMIN');
    });

    it("takes rights away at once: a demoted admin's next request is refused, however often they asked before", async () => {
      const [{ id }] = await t.db.query<{ id: number }>(
        `INSERT INTO app_user (email, password_hash, roles) VALUES ('chef@example.org', 'x', '["ROLE_ADMIN"]') RETURNING id`,
      );
      const chef = await t.signIn(id);
      // Asked twice: the second answer may come from the embedded engine's read cache.
      for (let i = 0; i < 2; i += 1) expect((await get(`/api/users/${operatorId}`, chef)).statusCode).toBe(200);
      expect((await patch(id, { roles: ['ROLE_EXPEDITEUR'] }, admin)).statusCode).toBe(200);
      expect((await get(`/api/users/${operatorId}`, chef)).statusCode).toBe(403);
      await t.db.query('DELETE FROM app_user WHERE id = $1', [id]);
      expect((await get(`/api/users/${id}`, chef)).statusCode).toBe(401);
    });

    it('answers 409 on a taken e-mail and 400 on an invalid one', async () => {
      const taken = await patch(operatorId, { email: 'user1@example.org' }, operator);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().field).toBe('email');
      const invalid = await patch(operatorId, { email: 'not an email' }, operator);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().field).toBe('email');
    });
  });
});
