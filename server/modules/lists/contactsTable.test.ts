import { createTestApp, userIdOf, type TestApp } from '../../testing/testApp';
import { EXPORT_BATCH } from './csvExport';
import { DOWNLOAD_TTL_SECONDS } from '../../shared/downloadLinks';

/** What the console's contacts table asks of the API: search, sorting, states and the CSV export. */
let t: TestApp;
let operator: { authorization: string };
let admin: { authorization: string };
let listId: number;
const ids: Record<string, number> = {};

const contacts = [
  { email: 'helene.dupre@example.org', firstname: 'Hélène', lastname: 'Dupré', phone: '0601' },
  { email: 'francois@example.org', firstname: 'François', lastname: 'Lefèvre', phone: '0602' },
  { email: 'zoe@example.org', firstname: 'Zoé', lastname: 'Dupré', phone: '0603' },
  { email: 'a_b@example.org', firstname: 'Anne', lastname: 'Martin', phone: '0604' },
  { email: 'axb@example.org', firstname: '=HYPERLINK("x")', lastname: 'Durand, "le grand"', phone: '0605' },
];

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.operatorBearer();
  admin = await t.adminBearer();
  listId = (await t.call('POST', '/api/grps', operator, { subject: 'Presse' })).json().id;
  for (const contact of contacts) {
    ids[contact.email] = (await t.call('POST', '/api/grp_rcps', operator, { ...contact, grp: listId, origin: 'console' })).json().id;
  }
});
afterAll(() => t.close());

const emails = async (query: string) => {
  const response = await t.call('GET', `/api/grp_rcps?grp=${listId}&${query}`, operator);
  expect(response.statusCode).toBe(200);
  return response.json()['hydra:member'].map((c: { email: string }) => c.email);
};

describe('searching contacts', () => {
  it('matches part of a name ignoring case and accents, both ways', async () => {
    expect(await emails('search=DUPRE&order[email]=asc')).toEqual(['helene.dupre@example.org', 'zoe@example.org']);
    expect(await emails(`search=${encodeURIComponent('hélè')}`)).toEqual(['helene.dupre@example.org']);
    expect(await emails('search=lefevre')).toEqual(['francois@example.org']);
    expect(await emails(`search=${encodeURIComponent('FRANÇ')}`)).toEqual(['francois@example.org']);
  });

  it('matches part of an e-mail, taking % and _ literally', async () => {
    expect(await emails('search=a_b')).toEqual(['a_b@example.org']);
    expect(await emails('search=%25')).toEqual([]);
    expect((await emails('search=example.org')).length).toBe(contacts.length);
  });

  it('counts what the search finds, for the pages', async () => {
    const body = (await t.call('GET', `/api/grp_rcps?grp=${listId}&search=dupre&itemsPerPage=1`, operator)).json();
    expect(body['hydra:totalItems']).toBe(2);
    expect(body['hydra:member']).toHaveLength(1);
  });
});

describe('sorting contacts', () => {
  it('sorts by several columns in the order the query gives them', async () => {
    expect(await emails('search=dupre&order[lastname]=asc&order[phone]=desc')).toEqual([
      'zoe@example.org',
      'helene.dupre@example.org',
    ]);
    expect(await emails('search=dupre&order[lastname]=asc&order[phone]=asc')).toEqual([
      'helene.dupre@example.org',
      'zoe@example.org',
    ]);
    expect(await emails('order[firstname]=desc&itemsPerPage=1')).toEqual(['zoe@example.org']);
  });

  it('refuses an unknown direction, naming the key', async () => {
    const response = await t.call('GET', `/api/grp_rcps?grp=${listId}&order[email]=up`, operator);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toContain('order[email]');
  });

  it('documents search and order in OpenAPI', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
    const parameters = spec.paths['/api/grp_rcps'].get.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['search', 'order[lastname]', 'order[status]']));
  });
});

describe("a contact's state", () => {
  const patch = (email: string, body: unknown, headers = operator) => t.call('PATCH', `/api/grp_rcps/${ids[email]}`, headers, body);

  it('lets an operator unsubscribe and resubscribe a contact', async () => {
    const off = await patch('zoe@example.org', { status: 'désabonné' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'désabonné', unsubscribedBy: 'operator', actif: 0 });
    expect(await emails('status=d%C3%A9sabonn%C3%A9')).toEqual(['zoe@example.org']);
    const on = await patch('zoe@example.org', { status: 'actif' });
    expect(on.json()).toMatchObject({ status: 'actif', unsubscribedBy: null, actif: 1 });
  });

  it('lets an operator remove a contact and put them back', async () => {
    expect((await patch('a_b@example.org', { status: 'retiré' })).json()).toMatchObject({ status: 'retiré', actif: 0 });
    expect((await patch('a_b@example.org', { actif: 1 })).json()).toMatchObject({ status: 'actif', actif: 1 });
  });

  it('refuses to resubscribe a contact who unsubscribed themself, on every path, with the reason', async () => {
    await t.db.query(`UPDATE grp_rcp SET status = 'désabonné', unsubscribed_by = 'contact' WHERE id = $1`, [ids['francois@example.org']]);
    for (const body of [{ status: 'actif' }, { actif: 1 }, { actif: 1, status: 'actif', firstname: 'F' }]) {
      for (const headers of [operator, admin]) {
        const response = await patch('francois@example.org', body, headers);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ field: 'status' });
        expect(response.json().message).toContain('francois@example.org');
        expect(response.json().message).toContain('désabonné');
      }
    }
    const [row] = await t.db.query('SELECT status, actif, firstname FROM grp_rcp WHERE id = $1', [ids['francois@example.org']]);
    expect(row).toEqual({ status: 'désabonné', actif: 0, firstname: 'François' });
    // Other edits of that contact still go through.
    expect((await patch('francois@example.org', { phone: '0699' })).json()).toMatchObject({ phone: '0699', status: 'désabonné' });
  });

  it('clears a bounce back to actif', async () => {
    await t.db.query(`UPDATE grp_rcp SET status = 'rejeté' WHERE id = $1`, [ids['axb@example.org']]);
    expect((await patch('axb@example.org', { status: 'actif' })).json()).toMatchObject({ status: 'actif', actif: 1 });
  });

  it('refuses a state it does not know, or contradicting actif, naming the field', async () => {
    const unknown = await patch('zoe@example.org', { status: 'rejeté' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('status');
    const contradiction = await patch('zoe@example.org', { status: 'retiré', actif: 1 });
    expect(contradiction.statusCode).toBe(400);
    expect(contradiction.json().field).toBe('status');
  });
});

describe('exporting contacts as CSV', () => {
  const exportCsv = (query = '', headers = operator, id = listId) =>
    t.app.inject({ url: `/api/grps/${id}/contacts.csv${query}`, headers });

  it('answers the whole list with a header row, quoting and defusing formulas', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`liste-${listId}-contacts.csv`);
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,prénom,nom,téléphone,origine,statut,ajouté le,consentement');
    expect(lines).toHaveLength(contacts.length + 1);
    const axb = lines.find((line) => line.startsWith('axb@'));
    expect(axb).toMatch(/^axb@example\.org,"'=HYPERLINK\(""x""\)","Durand, ""le grand""",0605,console,actif,\d{4}-/);
    // Each contact's consent events, in the last column.
    expect(axb).toMatch(/,ajouté \(opérateur\) \d{4}-[^,]*$/);
  });

  it('answers only what the search and state show', async () => {
    const body = (await exportCsv('?search=dupre&status=actif')).body;
    expect(body.match(/@example\.org/g)).toHaveLength(2);
    expect(body).toContain('helene.dupre@example.org');
  });

  it("keeps another user's list out of reach and checks who asks", async () => {
    const adminList = (await t.call('POST', '/api/grps', admin, { subject: 'A' })).json().id;
    expect((await exportCsv('', operator, adminList)).statusCode).toBe(403);
    expect((await exportCsv('', {} as typeof operator)).statusCode).toBe(401);
    expect((await exportCsv('?status=parti')).json().field).toBe('status');
  });

  it('reads a long list in batches, each contact once', async () => {
    const big = (await t.call('POST', '/api/grps', operator, { subject: 'Grande' })).json().id;
    const count = EXPORT_BATCH * 2 + 7;
    await t.db.query(
      `INSERT INTO grp_rcp (grp_id, user_id, email, origin)
       SELECT $1, user_id, 'c' || n || '@example.org', 'import' FROM grp, generate_series(1, $2) AS n WHERE grp.id = $1`,
      [big, count],
    );
    const body = (await exportCsv('', operator, big)).body;
    const lines = body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(count);
    expect(new Set(lines.map((line) => line.split(',')[0])).size).toBe(count);
  });
});

describe('downloading the CSV export through a short-lived link', () => {
  const link = async (body: Record<string, unknown> = {}, headers = operator, id = listId) =>
    t.call('POST', `/api/grps/${id}/contacts.csv/download`, headers, body);
  const follow = (url: string) => t.app.inject({ url });
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

  it('answers a link the browser follows without a bearer, with the filters it was asked for', async () => {
    const response = await link({ search: 'dupre', status: 'actif' });
    expect(response.statusCode).toBe(201);
    const { url, token, expiresIn } = response.json();
    expect(expiresIn).toBe(DOWNLOAD_TTL_SECONDS);
    expect(url).toBe(`/api/grps/${listId}/contacts.csv?download=${encodeURIComponent(token)}`);
    const file = await follow(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="liste-${listId}-contacts.csv"`);
    expect(file.body.match(/@example\.org/g)).toHaveLength(2);
    // The same filters again are accepted; other filters are not.
    expect((await follow(`${url}&search=dupre&status=actif`)).statusCode).toBe(200);
    const widened = await follow(`${url}&search=example`);
    expect(widened.statusCode).toBe(401);
    expect(widened.json()).toMatchObject({ field: 'download', message: 'Lien de téléchargement invalide ou expiré.' });
  });

  it('refuses a forged, expired, foreign-scoped or misdirected token', async () => {
    const { token } = (await link()).json();
    const { user, grp, search, status } = claimsOf(token);
    const claims = { user, grp, search, status };
    const forged = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const tampered = [token.split('.')[0], Buffer.from(JSON.stringify({ ...claims, grp: 1 })).toString('base64url'), token.split('.')[2]].join('.');
    const expired = t.tokens.signScoped('contacts-export', claims, DOWNLOAD_TTL_SECONDS, Date.now() - 2 * DOWNLOAD_TTL_SECONDS * 1000);
    const otherScope = t.tokens.signScoped('another-purpose', claims, DOWNLOAD_TTL_SECONDS);
    const session = operator.authorization.replace(/^Bearer /, '');
    for (const bad of [forged, tampered, expired, otherScope, session, 'x']) {
      const response = await follow(`/api/grps/${listId}/contacts.csv?download=${encodeURIComponent(bad)}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().field).toBe('download');
    }
    // A valid token opens only the list it was issued for.
    const other = (await t.call('POST', '/api/grps', operator, { subject: 'Autre' })).json().id;
    expect((await follow(`/api/grps/${other}/contacts.csv?download=${encodeURIComponent(token)}`)).statusCode).toBe(401);
    // And a download token is no session.
    expect((await t.call('GET', '/api/grps', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it("refuses a link to another user's list, and a token whose list was given away since", async () => {
    const adminList = (await t.call('POST', '/api/grps', admin, { subject: 'B' })).json().id;
    expect((await link({}, operator, adminList)).statusCode).toBe(403);
    expect((await link({}, {} as typeof operator)).statusCode).toBe(401);
    expect((await link({ status: 'parti' })).json().field).toBe('status');
    const mine = (await t.call('POST', '/api/grps', operator, { subject: 'Donnée' })).json().id;
    const { url } = (await link({}, operator, mine)).json();
    await t.db.query('UPDATE grp SET user_id = $1 WHERE id = $2', [userIdOf(admin), mine]);
    expect((await follow(url)).statusCode).toBe(403);
  });
});
