import { startApiTest, type ApiTest } from '../../testing/requests';

let { t, api, admin, operator, operatorId } = {} as ApiTest;

beforeAll(async () => {
  ({ t, api, admin, operator, operatorId } = await startApiTest());
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: unknown) => api.post(url, headers, payload);
const patch = (url: string, payload: unknown, headers: Record<string, string> = {}) => api.patch(url, headers, payload);

describe('recipients', () => {
  let recipient: { id: number; token: string };

  it('creates a recipient with a generated token', async () => {
    const response = await post('/api/recipients', operator, {
      email: 'emma@example.org',
      firstname: 'Emma',
      youtubename: 'EmmaFinance',
      twittername: 'emma_fi',
      url: 'https://www.youtube.com/@EmmaFinance',
    });
    expect(response.statusCode).toBe(201);
    recipient = response.json();
    expect(recipient).toMatchObject({ '@type': 'Recipient', email: 'emma@example.org', user: operatorId, actif: 1 });
    expect(recipient.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = (await post('/api/recipients', operator, { email: 'noah@example.org' })).json();
    expect(other.token).not.toBe(recipient.token);
  });

  it('refuses a second recipient with the same e-mail (409) and bad fields (400 naming them)', async () => {
    const again = await post('/api/recipients', operator, { email: 'EMMA@example.org' });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('email');
    const bad = await post('/api/recipients', operator, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
    const long = await post('/api/recipients', operator, { email: 'x@example.org', phone: '0'.repeat(51) });
    expect(long.json().field).toBe('phone');
  });

  it('lists them with their creation date, newest first, only to their owner', async () => {
    const mine = (await api.get(`/api/recipients?user=${operatorId}`, operator)).json();
    expect(mine['hydra:member'].map((r: { email: string }) => r.email)).toEqual(['noah@example.org', 'emma@example.org']);
    for (const r of mine['hydra:member']) expect(new Date(r.created).getTime()).not.toBeNaN();
    expect((await api.get('/api/recipients?user=1', operator)).statusCode).toBe(403);
    expect((await api.get(`/api/recipients/${recipient.id}`, admin)).statusCode).toBe(200);
    const adminRecipient = (await post('/api/recipients', admin, { email: 'a@example.org' })).json();
    expect((await api.get(`/api/recipients/${adminRecipient.id}`, operator)).statusCode).toBe(403);
    expect((await api.get('/api/recipients')).statusCode).toBe(401);
    expect((await api.get('/api/recipients/999999', operator)).statusCode).toBe(404);
    expect((await post('/api/recipients', {}, { email: 'x@example.org' })).statusCode).toBe(401);
  });

  it("lets the recipient update their record with their own token, in the body or the query", async () => {
    const byBody = await patch(`/api/recipients/${recipient.id}`, { token: recipient.token, lastname: 'Garcia' });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toMatchObject({ firstname: 'Emma', lastname: 'Garcia', token: recipient.token });
    const byQuery = await patch(`/api/recipients/${recipient.id}?token=${recipient.token}`, { twittername: 'emma_2' });
    expect(byQuery.json()).toMatchObject({ twittername: 'emma_2', lastname: 'Garcia' });
  });

  it("refuses an update without the recipient's token, with another's, or with the operator's bearer", async () => {
    expect((await patch(`/api/recipients/${recipient.id}`, { lastname: 'X' })).statusCode).toBe(401);
    expect((await patch(`/api/recipients/${recipient.id}`, { lastname: 'X' }, operator)).statusCode).toBe(401);
    expect((await patch(`/api/recipients/${recipient.id}`, { token: 'x'.repeat(32), lastname: 'X' })).statusCode).toBe(403);
    expect((await patch('/api/recipients/999999', { token: recipient.token })).statusCode).toBe(404);
    const badField = await patch(`/api/recipients/${recipient.id}`, { token: recipient.token, actif: 3 });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().field).toBe('actif');
    const taken = await patch(`/api/recipients/${recipient.id}`, { token: recipient.token, email: 'noah@example.org' });
    expect(taken.statusCode).toBe(409);
    const [row] = await t.db.query<{ lastname: string }>('SELECT lastname FROM recipient WHERE id = $1', [recipient.id]);
    expect(row.lastname).toBe('Garcia');
  });
});

describe('localToProd', () => {
  it('creates a recipient by e-mail, then updates the fields given', async () => {
    const first = await post('/api/localToProd', operator, { email: 'jade@example.org', firstname: 'Jade', phone: '0601' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: true, recipient: { email: 'jade@example.org', firstname: 'Jade' } });
    const second = await post('/api/localToProd', operator, { email: 'JADE@example.org', lastname: 'Fournier' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      created: false,
      recipient: { id: first.json().recipient.id, email: 'jade@example.org', firstname: 'Jade', lastname: 'Fournier', phone: '0601' },
    });
    expect(second.json().recipient.token).toBe(first.json().recipient.token);
  });

  it('does the same for a list, counting what it created and updated', async () => {
    const response = await post('/api/localToProd/list', operator, [
      { email: 'jade@example.org', youtubename: 'JadeCinema' },
      { email: 'leo@example.org', firstname: 'Léo' },
      { email: 'LEO@example.org', firstname: 'Léon' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 1 });
    const rows = await t.db.query<{ email: string; firstname: string; youtubename: string }>(
      `SELECT email, firstname, youtubename FROM recipient WHERE user_id = $1 AND lower(email) IN ('jade@example.org', 'leo@example.org') ORDER BY lower(email)`,
      [operatorId],
    );
    expect(rows).toEqual([
      { email: 'jade@example.org', firstname: 'Jade', youtubename: 'JadeCinema' },
      { email: 'LEO@example.org', firstname: 'Léon', youtubename: '' },
    ]);
  });

  it("keeps each user's recipients apart, validates, and needs a token", async () => {
    const adminCopy = await post('/api/localToProd', admin, { email: 'jade@example.org' });
    expect(adminCopy.statusCode).toBe(201);
    const bad = await post('/api/localToProd/list', operator, [{ email: 'ok@example.org' }, { email: 'bad' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('1.email');
    expect((await post('/api/localToProd/list', operator, [])).statusCode).toBe(400);
    expect((await post('/api/localToProd', {}, { email: 'x@example.org' })).statusCode).toBe(401);
  });
});
