import { createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ PRODUCT_NAME: 'TGM' });
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
});
afterAll(() => t.close());

const post = (payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: payload as object });

describe('categories', () => {
  it('lets an admin create one from the enumeration, with its label', async () => {
    const response = await post({ name: 'realT', profil: 'influenceur', societe: 'tgm' }, admin);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ '@type': 'Category', name: 'realT', label: 'Real T', user: 1 });
  });

  it("accepts the product's name: the category of the product's templates", async () => {
    const response = await post({ name: 'TGM', label: 'Modèles TGM', profil: 'influenceur', societe: 'tgm' }, admin);
    expect(response.statusCode).toBe(201);
    const found = (await t.app.inject({ url: '/categories?user=1&profil=influenceur&societe=tgm&name=TGM', headers: admin })).json();
    expect(found['hydra:member'].map((c: { label: string }) => c.label)).toEqual(['Modèles TGM']);
  });

  it('refuses a name outside the enumeration, naming the field', async () => {
    const response = await post({ name: 'astrologie' }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('name');
  });

  it("refuses a second category of the same name for a user, in French, but not another user's", async () => {
    const again = await post({ name: 'realT' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'name' });
    expect(again.json().message).toContain('déjà une catégorie');
    const operatorId = JSON.parse(Buffer.from(operator.authorization.split('.')[1], 'base64url').toString()).id;
    const theirs = await post({ name: 'realT', user: operatorId }, admin);
    expect(theirs.statusCode).toBe(201);
    // The operator owns no category in the tests that follow.
    await t.db.query('DELETE FROM category WHERE id = $1', [theirs.json().id]);
    const other = (await post({ name: 'cinema' }, admin)).json();
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/categories/${other.id}`,
      headers: { ...admin, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ name: 'realT' }),
    });
    expect(rename.statusCode).toBe(409);
    const [{ count }] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM category WHERE user_id = 1 AND lower(name) = 'realt'`);
    expect(count).toBe(1);
  });

  it('refuses creation and changes by a non-admin', async () => {
    expect((await post({ name: 'crypto' }, operator)).statusCode).toBe(403);
    const [{ id }] = await t.db.query<{ id: number }>(`SELECT id FROM category LIMIT 1`);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/categories/${id}`,
      headers: { ...operator, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ label: 'x' }),
    });
    expect(patch.statusCode).toBe(403);
  });

  it('lets an admin edit, keeping a custom label', async () => {
    const created = (await post({ name: 'crypto', label: 'Cryptos' }, admin)).json();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/categories/${created.id}`,
      headers: { ...admin, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ description: 'Monnaies numériques' }),
    });
    expect(patch.json()).toMatchObject({ name: 'crypto', label: 'Cryptos', description: 'Monnaies numériques' });
  });

  it("keeps the admin's categories from an operator, answers 404 for an unknown one, and needs a token", async () => {
    const [{ id }] = await t.db.query<{ id: number }>('SELECT id FROM category WHERE user_id = 1 LIMIT 1');
    expect((await t.app.inject({ url: `/api/categories/${id}`, headers: operator })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/categories?user=1&profil=influenceur&societe=tgm', headers: operator })).statusCode).toBe(403);
    const mine = (await t.app.inject({ url: '/categories?profil=influenceur', headers: operator })).json();
    expect(mine['hydra:totalItems']).toBe(0);
    expect((await t.app.inject({ url: '/api/categories/999999', headers: admin })).statusCode).toBe(404);
    const badUser = await t.app.inject({ url: '/api/categories?user=abc', headers: admin });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().field).toBe('user');
    expect((await t.app.inject({ url: '/api/categories' })).statusCode).toBe(401);
    expect((await post({ name: 'crypto' }, {})).statusCode).toBe(401);
  });
});
