import { createTestApp, userIdOf, type TestApp } from '../../testing/testApp';
import { suppressAddresses } from '../suppressions';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };
let listId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
  listId = (await t.app.inject({ method: 'POST', url: '/api/grps', headers: operator, payload: { subject: 'Clients' } })).json().id;
});
afterAll(() => t.close());

const addContact = (payload: Record<string, unknown>, headers = operator) =>
  t.app.inject({ method: 'POST', url: '/grp_rcps', headers, payload });
const counts = async (id = listId, headers = operator, query = '') =>
  (await t.app.inject({ url: `/api/grp_rcps/${id}/count${query}`, headers })).json();

describe('list contacts (grp_rcps)', () => {
  it('adds a contact with the body of spec §7.3 and counts it', async () => {
    expect(await counts()).toEqual({ count: 0, countStart: 0 });
    const response = await addContact({
      email: 'alice@example.org',
      firstname: 'Alice',
      lastname: 'Martin',
      phone: '0600000000',
      grp: listId,
      origin: 'console',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ '@type': 'GrpRcp', email: 'alice@example.org', grp: listId, actif: 1 });
    expect(await counts()).toEqual({ count: 1, countStart: 1 });
  });

  it('refuses the same e-mail twice in a list with a 409, whatever its case', async () => {
    const response = await addContact({ email: 'ALICE@example.org', grp: listId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ field: 'email' });
    expect(response.json().message).toContain('déjà');
    expect(await counts()).toEqual({ count: 1, countStart: 1 });
  });

  it('counts a removed contact in countStart only', async () => {
    const bob = (await addContact({ email: 'bob@example.org', grp: listId })).json();
    const removed = await t.app.inject({
      method: 'PATCH',
      url: `/api/grp_rcps/${bob.id}`,
      headers: { ...operator, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ actif: 0 }),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ actif: 0, status: 'retiré', unsubscribedBy: null });
    expect(await counts()).toEqual({ count: 1, countStart: 2 });
  });

  it('lists the contacts of a list', async () => {
    const body = (await t.app.inject({ url: `/api/grp_rcps?grp=${listId}&actif=1`, headers: operator })).json();
    expect(body['hydra:member'].map((c: { email: string }) => c.email)).toEqual(['alice@example.org']);
  });

  it('validates the e-mail and the list, naming the field', async () => {
    const bad = await addContact({ email: 'not-an-email', grp: listId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
    const noList = await addContact({ email: 'c@example.org' });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().field).toBe('grp');
    expect((await addContact({ email: 'c@example.org', grp: 999999 })).statusCode).toBe(404);
  });

  it("keeps another user's list out of reach", async () => {
    const adminList = (await t.app.inject({ method: 'POST', url: '/api/grps', headers: admin, payload: { subject: 'A' } })).json();
    expect((await addContact({ email: 'c@example.org', grp: adminList.id })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/grp_rcps/${adminList.id}/count`, headers: operator })).statusCode).toBe(403);
    // The admin adds to the operator's list; the contact belongs to the list's owner.
    const byAdmin = await addContact({ email: 'from-admin@example.org', grp: listId }, admin);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().user).not.toBe(1);
  });

  it('says, when asked, how many active contacts a send leaves out for the suppression list', async () => {
    const list = (await t.app.inject({ method: 'POST', url: '/api/grps', headers: operator, payload: { subject: 'Net' } })).json().id;
    for (const email of ['un@example.org', 'deux@example.org', 'trois@example.org']) {
      expect((await addContact({ email, grp: list })).statusCode).toBe(201);
    }
    await suppressAddresses(t.db, [{ owner: userIdOf(operator), email: 'DEUX@example.org', reason: 'désabonné', source: 'opérateur' }]);
    // The plain answer keeps its shape (spec: count, countStart).
    expect(await counts(list)).toEqual({ count: 3, countStart: 3 });
    expect(await counts(list, operator, '?suppressed=1')).toEqual({ count: 3, countStart: 3, suppressed: 1 });
    const bad = await t.app.inject({ url: `/api/grp_rcps/${list}/count?suppressed=oui`, headers: operator });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('suppressed');
  });
});
