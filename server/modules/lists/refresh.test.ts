import { startApiTest, type ApiTest } from '../../testing/requests';

let { t, api, admin, operator, operatorId } = {} as ApiTest;
let listId: number;
let otherListId: number;

beforeAll(async () => {
  ({ t, api, admin, operator, operatorId } = await startApiTest());
  listId = (await api.post('/api/grps', operator, { subject: 'Clients' })).json().id;
  otherListId = (await api.post('/api/grps', operator, { subject: 'Presse' })).json().id;
});
afterAll(() => t.close());

async function recipient(email: string, created: string, fields: Record<string, string | number> = {}) {
  const { id } = (await api.post('/api/recipients', operator, { email, ...fields })).json();
  await t.db.query('UPDATE recipient SET created = $2 WHERE id = $1', [id, created]);
  return id as number;
}

const emailsOf = async (grp: number) =>
  (await t.db.query<{ email: string }>('SELECT email FROM grp_rcp WHERE grp_id = $1 AND actif = 1 ORDER BY email', [grp])).map(
    (r) => r.email,
  );

describe('GET /grprcp/last', () => {
  it('answers null before any contact, then the newest creation date of the caller', async () => {
    expect((await api.get('/grprcp/last', operator)).json()).toEqual({ created: null });
    await api.post('/grp_rcps', operator, { email: 'a@example.org', grp: listId });
    await t.db.query(`UPDATE grp_rcp SET created = '2026-03-10T09:00:00Z' WHERE email = 'a@example.org'`);
    await api.post('/grp_rcps', operator, { email: 'b@example.org', grp: otherListId });
    await t.db.query(`UPDATE grp_rcp SET created = '2026-03-12T09:00:00Z' WHERE email = 'b@example.org'`);
    expect((await api.get('/grprcp/last', operator)).json()).toEqual({ created: '2026-03-12T09:00:00.000Z' });
    expect((await api.get(`/api/grprcp/last?grp=${listId}`, operator)).json()).toEqual({ created: '2026-03-10T09:00:00.000Z' });
    expect((await api.get('/grprcp/last', admin)).json()).toEqual({ created: null });
  });

  it('validates, checks ownership and needs a token', async () => {
    const bad = await api.get('/grprcp/last?grp=x', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('grp');
    const adminList = (await api.post('/api/grps', admin, { subject: 'A' })).json().id;
    expect((await api.get(`/grprcp/last?grp=${adminList}`, operator)).statusCode).toBe(403);
    expect((await api.get('/grprcp/last?grp=999999', operator)).statusCode).toBe(404);
    expect((await api.get('/grprcp/last')).statusCode).toBe(401);
  });
});

describe('POST /mgt/RT/createGrpRcp/byDate', () => {
  beforeAll(async () => {
    await recipient('old@example.org', '2026-03-01T10:00:00Z');
    await recipient('new1@example.org', '2026-03-13T10:00:00Z', { firstname: 'Nina' });
    await recipient('new2@example.org', '2026-03-14T10:00:00Z');
    await recipient('a@example.org', '2026-03-14T11:00:00Z');
    await recipient('gone@example.org', '2026-03-14T12:00:00Z', { actif: 0 });
  });

  it("adds the caller's active recipients created since the date to one list, without duplicates", async () => {
    const response = await api.post('/mgt/RT/createGrpRcp/byDate', operator, { created: '2026-03-13', grp: listId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: '2026-03-13', added: 2 });
    expect(await emailsOf(listId)).toEqual(['a@example.org', 'new1@example.org', 'new2@example.org']);
    const [nina] = await t.db.query<{ firstname: string; origin: string; user_id: number }>(
      `SELECT firstname, origin, user_id FROM grp_rcp WHERE email = 'new1@example.org'`,
    );
    expect(nina).toEqual({ firstname: 'Nina', origin: 'refresh', user_id: operatorId });
    const again = await api.post('/mgt/RT/createGrpRcp/byDate', operator, { created: '2026-03-13', grp: listId });
    expect(again.json().added).toBe(0);
  });

  it("adds them to every active list of the caller when no list is named", async () => {
    const response = await api.post('/api/mgt/RT/createGrpRcp/byDate', operator, { created: '2026-03-13T00:00:00Z' });
    expect(response.json().added).toBe(3);
    expect(await emailsOf(otherListId)).toEqual(['a@example.org', 'b@example.org', 'new1@example.org', 'new2@example.org']);
  });

  it('validates the date and the list, and refuses another user’s list', async () => {
    for (const created of ['yesterday', '2026-13-45', '2026-02-30', '2026-03-01T25:00:00Z', '']) {
      const bad = await api.post('/mgt/RT/createGrpRcp/byDate', operator, { created });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('created');
    }
    expect((await api.post('/mgt/RT/createGrpRcp/byDate', operator, {})).json().field).toBe('created');
    const adminList = (await api.post('/api/grps', admin, { subject: 'B' })).json().id;
    expect((await api.post('/mgt/RT/createGrpRcp/byDate', operator, { created: '2026-01-01', grp: adminList })).statusCode).toBe(403);
    expect((await api.post('/mgt/RT/createGrpRcp/byDate', operator, { created: '2026-01-01', grp: 999999 })).statusCode).toBe(404);
    expect((await api.post('/mgt/RT/createGrpRcp/byDate', {}, { created: '2026-01-01' })).statusCode).toBe(401);
  });
});

describe('GET /grps/{id}/refresh (the refresh trigger)', () => {
  it("brings the list's contacts up to date with their recipients and says the data is ready", async () => {
    const [{ id }] = await t.db.query<{ id: number }>(`SELECT id FROM recipient WHERE email = 'a@example.org'`);
    await api.patch(`/api/recipients/${id}`, {}, {
      token: (await t.db.query<{ token: string }>('SELECT token FROM recipient WHERE id = $1', [id]))[0].token,
      firstname: 'Alice',
      actif: 1,
    });
    await t.db.query(`UPDATE recipient SET actif = 0 WHERE email = 'new2@example.org'`);
    const response = await api.get(`/grps/${listId}/refresh`, operator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ready: true, updated: 1, deactivated: 1, count: 2, countStart: 3 });
    const [alice] = await t.db.query<{ firstname: string }>(
      'SELECT firstname FROM grp_rcp WHERE grp_id = $1 AND email = $2',
      [listId, 'a@example.org'],
    );
    expect(alice.firstname).toBe('Alice');
    expect((await api.get(`/grps/${listId}/refresh`, operator)).json()).toMatchObject({ ready: true, updated: 0, deactivated: 0 });
  });

  it('checks the path, the owner and the token', async () => {
    expect((await api.get('/grps/0/refresh', operator)).json().field).toBe('id');
    expect((await api.get(`/grps/${listId}/refresh`, admin)).statusCode).toBe(200);
    const adminList = (await api.post('/api/grps', admin, { subject: 'C' })).json().id;
    expect((await api.get(`/grps/${adminList}/refresh`, operator)).statusCode).toBe(403);
    expect((await api.get('/grps/999999/refresh', operator)).statusCode).toBe(404);
    expect((await api.get(`/grps/${listId}/refresh`)).statusCode).toBe(401);
  });
});
