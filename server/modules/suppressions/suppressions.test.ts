import { startApiTest, userIdOf, type ApiTest, type Bearer } from '../../testing/requests';
import { suppressAddresses } from './repository';

/**
 * The suppression list's routes (issue 37): owner scoping, the refusals (400, 403, 404, 409),
 * search and filters, the export, the consent events, and what it refuses elsewhere (an
 * import, a contact added or put back, a public subscription, a test send).
 */
let { t, api, admin, operator, operatorId } = {} as ApiTest;
let other: Bearer;
let otherId: number;

beforeAll(async () => {
  ({ t, api, admin, operator, operatorId } = await startApiTest({ BAT_RATE_LIMIT: '1000' }));
  const [row] = await t.db.query<{ id: number }>("INSERT INTO app_user (email, password_hash) VALUES ('autre-exclusions@tgm.local', 'x') RETURNING id");
  otherId = row.id;
  other = await t.signIn(otherId);
});
afterAll(() => t.close());

const del = (url: string, headers: Bearer) => t.app.inject({ method: 'DELETE', url, headers });
const emailsOf = (response: { json(): { 'hydra:member': { email: string }[] } }) => response.json()['hydra:member'].map((s) => s.email).sort();
const list = async (headers: Bearer, subject: string, extra: Record<string, unknown> = {}) =>
  (await api.post('/api/grps', headers, { subject, ...extra })).json().id as number;
const consentOf = async (contactId: number, headers: Bearer = operator) =>
  ((await api.get(`/api/grp_rcps/${contactId}`, headers)).json().consent as { type: string; source: string }[]).map((e) => `${e.type}/${e.source}`);

describe('GET, POST and DELETE /api/suppressions', () => {
  it("adds an address, lower-cased, with who added it; a second time is a 409 naming the reason", async () => {
    const created = await api.post('/api/suppressions', operator, { email: 'Ana.Exclue@Example.org' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      '@id': `/api/suppressions/ana.exclue%40example.org?user=${operatorId}`,
      '@type': 'Suppression',
      email: 'ana.exclue@example.org',
      reason: 'opérateur',
      source: 'opérateur',
      user: operatorId,
      addedBy: operatorId,
      addedByEmail: t.config.operatorEmail,
      at: expect.any(String),
    });
    expect(created.headers.location).toBe(created.json()['@id']);
    const again = await api.post('/api/suppressions', operator, { email: 'ANA.exclue@example.org', reason: 'plainte' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'email', message: expect.stringContaining('motif : opérateur') });
    const item = await api.get('/api/suppressions/ANA.Exclue%40example.org', operator);
    expect(item.statusCode).toBe(200);
    expect(item.json()).toMatchObject({ email: 'ana.exclue@example.org', reason: 'opérateur' });
  });

  it('refuses a bad address or reason with a French 400 naming the field, in the body and in the path', async () => {
    const body = await api.post('/api/suppressions', operator, { email: 'pas-une-adresse' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ field: 'email' });
    const reason = await api.post('/api/suppressions', operator, { email: 'ok@example.org', reason: 'spam' });
    expect(reason.statusCode).toBe(400);
    expect(reason.json()).toMatchObject({ field: 'reason' });
    for (const path of ['pas-une-adresse', 'x%40', '%E0%A4%A', '%00%40example.org', 'a%2Fb']) {
      for (const response of [await api.get(`/api/suppressions/${path}`, operator), await del(`/api/suppressions/${path}`, operator)]) {
        expect({ path, status: response.statusCode }).toEqual({ path, status: 400 });
        expect(response.json()).toMatchObject({ statusCode: 400, field: 'email', message: expect.stringMatching(/email/) });
        expect(response.json().message).not.toMatch(/[Uu]nexpected|Invalid|must/);
      }
    }
  });

  it('scopes every route to its owner: an operator sees and changes only theirs, an admin every one', async () => {
    await api.post('/api/suppressions', other, { email: 'chez-autre@example.org' });
    await api.post('/api/suppressions', admin, { email: 'pour-operateur@example.org', reason: 'désabonné', user: operatorId });
    const mine = await api.get('/api/suppressions?itemsPerPage=100', operator);
    expect(emailsOf(mine)).toContain('pour-operateur@example.org');
    expect(emailsOf(mine)).not.toContain('chez-autre@example.org');
    expect(mine.json()['hydra:member'].every((s: { user: number }) => s.user === operatorId)).toBe(true);
    const all = await api.get('/api/suppressions?itemsPerPage=100', admin);
    expect(emailsOf(all)).toEqual(expect.arrayContaining(['chez-autre@example.org', 'pour-operateur@example.org', 'ana.exclue@example.org']));
    expect(emailsOf(await api.get(`/api/suppressions?user=${otherId}`, admin))).toEqual(['chez-autre@example.org']);

    // Another's list: 403 when named, 404 (theirs has no such address) when not.
    expect((await api.get(`/api/suppressions?user=${otherId}`, operator)).statusCode).toBe(403);
    expect((await api.post('/api/suppressions', operator, { email: 'x@example.org', user: otherId })).statusCode).toBe(403);
    expect((await api.get(`/api/suppressions/chez-autre%40example.org?user=${otherId}`, operator)).statusCode).toBe(403);
    expect((await del(`/api/suppressions/chez-autre%40example.org?user=${otherId}`, operator)).statusCode).toBe(403);
    expect((await del('/api/suppressions/chez-autre%40example.org', operator)).statusCode).toBe(404);
    expect((await api.post('/api/suppressions', admin, { email: 'x@example.org', user: 999_999 })).json()).toMatchObject({ statusCode: 400, field: 'user' });

    // The owner, or an admin naming them, takes it off.
    expect((await del(`/api/suppressions/chez-autre%40example.org?user=${otherId}`, admin)).statusCode).toBe(204);
    const gone = await del(`/api/suppressions/chez-autre%40example.org?user=${otherId}`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Cette adresse n'est pas sur la liste d'exclusion.");
    expect((await del('/api/suppressions/POUR-operateur%40example.org', operator)).statusCode).toBe(204);
  });

  it('searches part of the address, filters by exact address, reason and date, and sorts', async () => {
    const owner = await t.signIn((await t.db.query<{ id: number }>("INSERT INTO app_user (email, password_hash) VALUES ('recherche@tgm.local', 'x') RETURNING id"))[0].id);
    const ownerId = userIdOf(owner);
    await suppressAddresses(t.db, [
      { owner: ownerId, email: 'zoe.plainte@example.org', reason: 'plainte', source: 'message' },
      { owner: ownerId, email: 'yves.rejet@example.org', reason: 'rejeté', source: 'message' },
      { owner: ownerId, email: 'xavier@autre.example', reason: 'désabonné', source: 'formulaire' },
    ]);
    await t.db.query(`UPDATE suppression SET at = '2026-01-15T10:00:00Z' WHERE email = 'xavier@autre.example'`);
    expect(emailsOf(await api.get('/api/suppressions?search=EXAMPLE.ORG', owner))).toEqual(['yves.rejet@example.org', 'zoe.plainte@example.org']);
    expect(emailsOf(await api.get('/api/suppressions?reason=plainte', owner))).toEqual(['zoe.plainte@example.org']);
    expect(emailsOf(await api.get('/api/suppressions?email=Yves.Rejet@example.org', owner))).toEqual(['yves.rejet@example.org']);
    expect(emailsOf(await api.get('/api/suppressions?at[before]=2026-02-01T00:00:00Z', owner))).toEqual(['xavier@autre.example']);
    expect(emailsOf(await api.get('/api/suppressions?at[after]=2026-02-01T00:00:00%2B01:00', owner))).toEqual(['yves.rejet@example.org', 'zoe.plainte@example.org']);
    const bad = await api.get('/api/suppressions?at[after]=hier', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: expect.stringContaining('at[after]') });
    expect((await api.get('/api/suppressions?reason=autre', owner)).statusCode).toBe(400);
    const sorted = (await api.get('/api/suppressions?order[email]=asc', owner)).json()['hydra:member'].map((s: { email: string }) => s.email);
    expect(sorted).toEqual(['xavier@autre.example', 'yves.rejet@example.org', 'zoe.plainte@example.org']);
    // Newest first by default.
    expect((await api.get('/api/suppressions', owner)).json()['hydra:member'].at(-1).email).toBe('xavier@autre.example');

    // The export: the same addresses as CSV, by a one-minute link that names its filter.
    const link = await api.post('/api/suppressions.csv/download', owner, { reason: 'plainte' });
    expect(link.statusCode).toBe(201);
    const csv = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('email;motif;origine;exclue le;ajoutée par;compte');
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^zoe\.plainte@example\.org;plainte;message;2\d{3}-[^;]+;;recherche@tgm\.local$/)]);
    // Used once; pointed at another filter, refused.
    expect((await t.app.inject({ method: 'GET', url: link.json().url })).statusCode).toBe(401);
    const another = (await api.post('/api/suppressions.csv/download', owner, { reason: 'plainte' })).json().url;
    expect((await t.app.inject({ method: 'GET', url: `${another}&reason=rejet%C3%A9` })).statusCode).toBe(401);
    // With a bearer, the filters of the query; an operator only their own.
    const all = await t.app.inject({ method: 'GET', url: '/api/suppressions.csv?separator=,', headers: owner });
    expect(all.body.trim().split('\r\n')).toHaveLength(4);
    expect((await t.app.inject({ method: 'GET', url: `/api/suppressions.csv?user=${operatorId}`, headers: owner })).statusCode).toBe(403);
  });

  it("records entering and leaving in the consent events of the owner's contacts with the address", async () => {
    const first = await list(operator, 'Consentement A');
    const second = await list(operator, 'Consentement B');
    const a = (await api.post('/api/grp_rcps', operator, { email: 'Consent@example.org', grp: first })).json().id;
    const b = (await api.post('/api/grp_rcps', operator, { email: 'consent@example.org', grp: second })).json().id;
    const elsewhere = (await api.post('/api/grp_rcps', other, { email: 'consent@example.org', grp: await list(other, 'Autre') })).json().id;
    await api.post('/api/suppressions', operator, { email: 'consent@example.org' });
    expect((await del('/api/suppressions/consent%40example.org', operator)).statusCode).toBe(204);
    for (const id of [a, b]) expect(await consentOf(id)).toEqual(['ajouté/opérateur', 'exclu/opérateur', 'exclusion levée/opérateur']);
    expect(await consentOf(elsewhere, other)).toEqual(['ajouté/opérateur']);
  });
});

describe('what an address on the list is refused elsewhere', () => {
  it('POST /api/grp_rcps answers 409 naming the reason; putting a contact back too', async () => {
    const grp = await list(operator, 'Refus');
    const kept = (await api.post('/api/grp_rcps', operator, { email: 'retiree@example.org', grp })).json().id;
    await api.patch(`/api/grp_rcps/${kept}`, operator, { status: 'retiré' });
    await suppressAddresses(t.db, [
      { owner: operatorId, email: 'bounced@example.org', reason: 'rejeté', source: 'message' },
      { owner: operatorId, email: 'retiree@example.org', reason: 'désabonné', source: 'formulaire' },
    ]);
    const refused = await api.post('/api/grp_rcps', operator, { email: 'Bounced@example.org', grp });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'email', message: expect.stringContaining("est sur la liste d'exclusion (motif : rejeté") });
    const back = await api.patch(`/api/grp_rcps/${kept}`, operator, { status: 'actif' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain('motif : désabonné');
    // Another owner's list is theirs: the address is welcome there.
    expect((await api.post('/api/grp_rcps', other, { email: 'bounced@example.org', grp: await list(other, 'Ailleurs') })).statusCode).toBe(201);
  });

  it('an import and a target list skip it, counting it under suppressed', async () => {
    await suppressAddresses(t.db, [{ owner: operatorId, email: 'importee@example.org', reason: 'plainte', source: 'message' }]);
    const grp = await list(operator, 'Import exclusions');
    const csv = 'email\nnew-one@example.org\nIMPORTEE@example.org\nnew-one@example.org\n';
    const imported = await t.app.inject({ method: 'POST', url: `/api/grps/${grp}/import`, headers: { ...operator, 'content-type': 'text/csv' }, payload: csv });
    expect(imported.json()).toMatchObject({ rows: 3, added: 1, duplicates: 1, suppressed: 1, suppressedLines: [3], duplicateLines: [4] });
    const target = await api.post('/api/amp/bo/target/new', operator, {
      internalname: String(grp),
      societe: 'tgm-societe',
      emails: Buffer.from('importee@example.org\nautre-new@example.org').toString('base64'),
    });
    expect(target.json()).toMatchObject({ added: 1, suppressed: 1, suppressedLines: [1] });
    const emails = (await t.db.query<{ email: string }>('SELECT email FROM grp_rcp WHERE grp_id = $1 ORDER BY email', [grp])).map((r) => r.email);
    expect(emails).toEqual(['autre-new@example.org', 'new-one@example.org']);
  });

  it('the public subscribe route adds nothing and queues no confirmation, answering as for anyone', async () => {
    const grp = await list(operator, 'Publique', { doubleOptIn: true });
    await suppressAddresses(t.db, [{ owner: operatorId, email: 'abonnee@example.org', reason: 'désabonné', source: 'formulaire' }]);
    const subscribe = (email: string) =>
      t.app.inject({ method: 'POST', url: `/api/grps/${grp}/subscribe`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email }) });
    const skipped = await subscribe('Abonnee@example.org');
    const taken = await subscribe('nouvelle@example.org');
    expect(skipped.statusCode).toBe(202);
    expect(skipped.json()).toEqual(taken.json());
    const contacts = await t.db.query<{ email: string }>('SELECT email FROM grp_rcp WHERE grp_id = $1', [grp]);
    expect(contacts.map((c) => c.email)).toEqual(['nouvelle@example.org']);
    const queued = await t.db.query<{ to: string }>(`SELECT to_email AS "to" FROM mail_message WHERE lower(to_email) IN ('abonnee@example.org', 'nouvelle@example.org')`);
    expect(queued.map((m) => m.to)).toEqual(['nouvelle@example.org']);
  });

  it('a test send (BAT) is refused with a 409 naming the reason, for the sender or the template owner', async () => {
    await suppressAddresses(t.db, [{ owner: operatorId, email: 'bat@example.org', reason: 'rejeté', source: 'message' }]);
    const body = { email: 'BAT@example.org', subject: 'Essai', codeHtml: [Buffer.from('<p>Essai</p>').toString('base64')] };
    const refused = await api.post('/api/email/encoded', operator, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'email', message: "L'adresse BAT@example.org est sur la liste d'exclusion (motif : rejeté) : aucun message ne lui est envoyé, pas même un BAT." });
    // An admin testing the operator's template meets the operator's list too.
    const delivery = (
      await api.post('/api/deliveries', admin, { label: 'BAT', internalname: 'bat-exclusion', user: operatorId, subject: 'Essai', codeHtml: body.codeHtml })
    ).json().id;
    expect((await api.post('/api/email/encoded', admin, { email: 'bat@example.org', delId: delivery })).statusCode).toBe(409);
  });
});
