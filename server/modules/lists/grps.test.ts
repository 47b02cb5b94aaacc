import { createTestApp, userIdOf, type TestApp } from '../../testing/testApp';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };
let operatorId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
  operatorId = userIdOf(operator);
});
afterAll(() => t.close());

const call: TestApp['call'] = (...args) => t.call(...args);

describe('grps (a resource built on the shared CRUD layer)', () => {
  let listId: number;

  it('creates a list owned by the caller', async () => {
    const response = await call('POST', '/api/grps', operator, { subject: 'Newsletter' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ '@type': 'Grp', subject: 'Newsletter', actif: 1, user: operatorId, sequence: [] });
    expect(body['@id']).toBe(`/api/grps/${body.id}`);
    listId = body.id;
  });

  it('refuses a non-admin creating for someone else, and lets an admin do it', async () => {
    expect((await call('POST', '/api/grps', operator, { subject: 'X', user: 1 })).statusCode).toBe(403);
    const byAdmin = await call('POST', '/api/grps', admin, { subject: 'For the operator', user: operatorId });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().user).toBe(operatorId);
  });

  it('validates the body and names the field', async () => {
    const missing = await call('POST', '/api/grps', operator, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('subject');
    const badSequence = await call('POST', '/api/grps', operator, {
      subject: 'S',
      sequence: [{ sequence: 0, key: 'k', value: 'v', type: 't', profil: 'p' }],
    });
    expect(badSequence.statusCode).toBe(400);
    expect(badSequence.json().field).toBe('sequence.0.sequence');
  });

  it("lists the caller's active lists with the spec's filters, and refuses another user's filter", async () => {
    const mine = (await call('GET', `/api/grps?user=${operatorId}&actif=1`, operator)).json();
    expect(mine['hydra:member'].map((g: { subject: string }) => g.subject).sort()).toEqual(['For the operator', 'Newsletter']);
    expect((await call('GET', '/api/grps?user=1&actif=1', operator)).statusCode).toBe(403);
    const unprefixed = await call('GET', `/grps?user=${operatorId}&actif=1`, operator);
    expect(unprefixed.json()['hydra:totalItems']).toBe(2);
  });

  it('patches with merge-patch and soft-deletes with actif 0', async () => {
    const renamed = await call('PATCH', `/api/grps/${listId}`, operator, { subject: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ subject: 'Renamed', actif: 1 });
    const deleted = await call('PATCH', `/grps/${listId}`, operator, { actif: 0 });
    expect(deleted.json().actif).toBe(0);
    const active = (await call('GET', `/api/grps?user=${operatorId}&actif=1`, operator)).json();
    expect(active['hydra:member'].map((g: { id: number }) => g.id)).not.toContain(listId);
  });

  it("keeps other users' lists out of reach: 403 to read or change, 404 when absent", async () => {
    const adminList = (await call('POST', '/api/grps', admin, { subject: 'Admin only' })).json();
    expect((await call('GET', `/api/grps/${adminList.id}`, operator)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/grps/${adminList.id}`, operator, { actif: 0 })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/grps/${listId}`, operator, { user: 1 })).statusCode).toBe(403);
    expect((await call('GET', `/api/grps/${adminList.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/grps/999999', operator)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/grps/999999', operator, { actif: 0 })).statusCode).toBe(404);
  });

  it('needs a token for every operation', async () => {
    for (const [method, url] of [
      ['GET', '/api/grps'],
      ['GET', `/api/grps/${listId}`],
      ['POST', '/api/grps'],
      ['PATCH', `/api/grps/${listId}`],
    ] as const) {
      expect((await call(method, url, {}, method === 'GET' ? undefined : { subject: 'x' })).statusCode).toBe(401);
    }
  });
});
