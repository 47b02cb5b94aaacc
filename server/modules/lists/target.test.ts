import { startApiTest, type ApiTest } from '../../testing/requests';

let { t, api, admin, operator } = {} as ApiTest;
let listId: number;

beforeAll(async () => {
  ({ t, api, admin, operator } = await startApiTest());
  listId = (await api.post('/api/grps', operator, { subject: 'Ciblage' })).json().id;
  await api.post('/grp_rcps', operator, { email: 'kept@example.org', grp: listId });
});
afterAll(() => t.close());

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const target = (emails: string, extra: Record<string, unknown> = {}, headers = operator) =>
  api.post('/api/amp/bo/target/new', headers, {
    internalname: String(listId),
    societe: 'tgm',
    origin: 'ciblage',
    emails: base64(emails),
    mode: 'add',
    ...extra,
  });
const active = async () =>
  (await t.db.query<{ email: string }>('SELECT email FROM grp_rcp WHERE grp_id = $1 AND actif = 1 ORDER BY email', [listId])).map(
    (r) => r.email,
  );

describe('POST /api/amp/bo/target/new (target list request)', () => {
  it('adds the valid addresses, skips duplicates, and reports what it refused', async () => {
    const response = await target('new1@example.org\nKEPT@example.org, not-an-address;new2@example.org\r\nnew1@example.org');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      grp: listId,
      mode: 'add',
      rows: 5,
      added: 2,
      duplicates: 2,
      invalid: 1,
      suppressed: 0,
      duplicateLines: [2, 5],
      invalidLines: [{ line: 3, reason: 'adresse e-mail invalide : not-an-address' }],
      suppressedLines: [],
      removed: 0,
    });
    expect(await active()).toEqual(['kept@example.org', 'new1@example.org', 'new2@example.org']);
    const [origin] = await t.db.query<{ origin: string }>(`SELECT origin FROM grp_rcp WHERE email = 'new1@example.org'`);
    expect(origin.origin).toBe('ciblage');
  });

  it("in 'replace' mode, also takes out the active contacts the request does not name", async () => {
    const response = await target('new2@example.org\nnew3@example.org', { mode: 'replace' });
    expect(response.json()).toMatchObject({ added: 1, duplicates: 1, removed: 2 });
    expect(await active()).toEqual(['new2@example.org', 'new3@example.org']);
  });

  it('validates every field, naming it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ internalname: 'abc' }, 'internalname'],
      [{ internalname: undefined }, 'internalname'],
      [{ societe: '' }, 'societe'],
      [{ emails: 'not base64 !' }, 'emails'],
      [{ emails: base64('  \n ') }, 'emails'],
      [{ emails: Buffer.from([0xff, 0xfe, 0x41]).toString('base64') }, 'emails'],
      [{ mode: 'merge' }, 'mode'],
    ];
    for (const [extra, field] of cases) {
      const response = await target('x@example.org', extra);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(response.json().field).toBe(field);
    }
  });

  it("refuses another user's list, an unknown list, and a call without a token", async () => {
    const adminList = (await api.post('/api/grps', admin, { subject: 'Admin' })).json().id;
    expect((await target('x@example.org', { internalname: String(adminList) })).statusCode).toBe(403);
    expect((await target('x@example.org', { internalname: '999999' })).statusCode).toBe(404);
    expect((await target('x@example.org', {}, {} as typeof operator)).statusCode).toBe(401);
    expect((await target('y@example.org', {}, admin)).statusCode).toBe(200);
  });
});
