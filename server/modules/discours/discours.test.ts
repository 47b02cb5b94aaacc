import { startApiTest, type ApiTest } from '../../testing/requests';

let { t, api, admin, operator, operatorId } = {} as ApiTest;

beforeAll(async () => {
  ({ t, api, admin, operator, operatorId } = await startApiTest());
});
afterAll(() => t.close());

const item = (sequence: number, key: string) => ({ sequence, key, value: `${key} !`, type: 'text', profil: 'influenceur' });

describe('discours', () => {
  let speechId: number;

  it('lets an admin create one with POST /discours and its sequence', async () => {
    const response = await api.post('/discours', admin, {
      name: 'bienvenue',
      label: 'Bienvenue',
      seq: 2,
      sequence: [item(1, 'accroche'), item(2, 'offre')],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      '@type': 'Discours',
      name: 'bienvenue',
      label: 'Bienvenue',
      seq: 2,
      user: 1,
      sequence: [item(1, 'accroche'), item(2, 'offre')],
    });
    expect(response.json().lastModified).toEqual(expect.any(String));
    speechId = response.json().id;
  });

  it("takes a delivery-like body: internalname and origin stand for name and origine, the rest is ignored", async () => {
    const response = await api.post('/api/discours', admin, {
      internalname: 'relance',
      label: 'Relance',
      origin: 'console',
      subject: 'ignored',
      codeHtml: ['PGI+'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'relance', origine: 'console', sequence: [] });
    expect(response.json()).not.toHaveProperty('subject');
  });

  it('finds them by user and by name', async () => {
    const byUser = (await api.get('/discours?user=1', admin)).json();
    expect(byUser['hydra:member'].map((d: { name: string }) => d.name).sort()).toEqual(['bienvenue', 'relance']);
    const byName = (await api.get('/api/discours?name=relance', admin)).json();
    expect(byName['hydra:totalItems']).toBe(1);
    expect(byName['hydra:member'][0].label).toBe('Relance');
  });

  it('validates the body and names the field', async () => {
    const noName = await api.post('/discours', admin, { label: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().field).toBe('name');
    const badItem = await api.post('/discours', admin, { name: 'x', sequence: [{ ...item(1, 'k'), sequence: 'one' }] });
    expect(badItem.statusCode).toBe(400);
    expect(badItem.json().field).toBe('sequence.0.sequence');
    const missingKey = await api.post('/discours', admin, { name: 'x', sequence: [{ sequence: 1, value: 'v', type: 't', profil: 'p' }] });
    expect(missingKey.json().field).toBe('sequence.0.key');
    const badSeq = await api.patch(`/discours/${speechId}`, admin, { seq: -1 });
    expect(badSeq.statusCode).toBe(400);
    expect(badSeq.json().field).toBe('seq');
    expect((await api.get('/discours/abc', admin)).json().field).toBe('id');
  });

  it('refuses a second speech of the same name for a user (409), whatever its case', async () => {
    const again = await api.post('/discours', admin, { name: 'Bienvenue' });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('name');
    const rename = await api.patch(`/discours/${speechId}`, admin, { name: 'RELANCE' });
    expect(rename.statusCode).toBe(409);
  });

  it('patches with merge-patch: the sequence is replaced as a whole', async () => {
    const response = await api.patch(`/discours/${speechId}`, admin, { label: 'Accueil', sequence: [item(1, 'seul')] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'bienvenue', label: 'Accueil', sequence: [item(1, 'seul')] });
  });

  it('keeps creation and changes for admins; an operator reads only their own', async () => {
    expect((await api.post('/discours', operator, { name: 'mien' })).statusCode).toBe(403);
    expect((await api.patch(`/discours/${speechId}`, operator, { label: 'x' })).statusCode).toBe(403);
    expect((await api.get(`/discours/${speechId}`, operator)).statusCode).toBe(403);
    expect((await api.get('/discours?user=1', operator)).statusCode).toBe(403);
    const forOperator = await api.post('/discours', admin, { name: 'pour-operateur', user: operatorId });
    expect(forOperator.statusCode).toBe(201);
    const mine = (await api.get(`/discours?user=${operatorId}`, operator)).json();
    expect(mine['hydra:member'].map((d: { name: string }) => d.name)).toEqual(['pour-operateur']);
    expect((await api.get('/discours/999999', admin)).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    expect((await api.get('/discours')).statusCode).toBe(401);
    expect((await api.post('/discours', {}, { name: 'x' })).statusCode).toBe(401);
    expect((await api.patch(`/discours/${speechId}`, {}, { label: 'x' })).statusCode).toBe(401);
  });
});
