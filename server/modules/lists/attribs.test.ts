import { startApiTest, type ApiTest } from '../../testing/requests';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { simpleParser } from 'mailparser';
import { makeDelivery, startSend, waitForSend } from '../../testing/mailFixtures';

/** A contact's attributes (issue 37, item 2): the API, the import, the export, the table's filter and the templates. */
let { t, api, admin, operator } = {} as ApiTest;
let sink: SmtpSink;
let listId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ t, api, admin, operator } = await startApiTest({ SMTP_URL: sink.url, MAIL_POLL_MS: '50' }));
  listId = (await api.post('/api/grps', operator, { subject: 'Villes' })).json().id;
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const add = (payload: Record<string, unknown>) => api.post('/api/grp_rcps', operator, { grp: listId, ...payload });

describe('attribs on POST, PATCH and GET /api/grp_rcps', () => {
  let id: number;

  it('keeps text, number, boolean and date values, their names trimmed and lower-cased', async () => {
    const created = await add({
      email: 'lea@example.org',
      firstname: 'Léa',
      attribs: { ' Ville ': 'Lyon', age: 42, vip: true, depuis: '2024-05-01', 'Code postal': '69001' },
    });
    expect(created.statusCode).toBe(201);
    id = created.json().id;
    const attribs = { ville: 'Lyon', age: 42, vip: true, depuis: '2024-05-01', 'code postal': '69001' };
    expect(created.json().attribs).toEqual(attribs);
    expect((await api.get(`/api/grp_rcps/${id}`, operator)).json().attribs).toEqual(attribs);
    // A contact without any has an empty object.
    expect((await add({ email: 'sans@example.org' })).json().attribs).toEqual({});
  });

  it('merges a PATCH by name as stored; null removes one', async () => {
    const patched = await api.patch(`/api/grp_rcps/${id}`, operator, { attribs: { VILLE: 'Lille', age: null, inscrit: '2025-01-02T10:00:00Z' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().attribs).toEqual({ ville: 'Lille', vip: true, depuis: '2024-05-01', 'code postal': '69001', inscrit: '2025-01-02T10:00:00Z' });
  });

  it('answers 400 in French naming the attribute for a value of another kind', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ ville: { nested: 1 } }, 'attribs.ville', /texte, un nombre, un booléen ou une date/],
      [{ ville: ['Lyon'] }, 'attribs.ville', /texte, un nombre/],
      [{ depuis: '2024-02-30' }, 'attribs.depuis', /date qui existe/],
      [{ bio: 'x'.repeat(501) }, 'attribs.bio', /500 caractères/],
      [{ Ville: 'a', ville: 'b' }, 'attribs.ville', /deux fois/],
      [{ '  ': 'a' }, 'attribs', /nom d'attribut/],
      [{ __proto__x: 1, constructor: 'x' }, 'attribs', /constructor/],
      [Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`a${i}`, i])), 'attribs', /50 attributs/],
    ];
    for (const [attribs, field, message] of cases) {
      const response = await add({ email: 'refuse@example.org', attribs });
      expect({ status: response.statusCode, field: response.json().field }).toEqual({ status: 400, field });
      expect(response.json().message).toMatch(message);
      const patched = await api.patch(`/api/grp_rcps/${id}`, operator, { attribs });
      expect(patched.statusCode).toBe(400);
    }
    expect((await api.post('/api/grp_rcps', operator, { grp: listId, email: 'x@example.org', attribs: 'Lyon' })).statusCode).toBe(400);
  });

  it('filters the contacts table by an attribute, ignoring case and accents', async () => {
    await add({ email: 'zoe@example.org', attribs: { ville: 'Orléans' } });
    const emails = async (query: string) =>
      (await api.get(`/api/grp_rcps?grp=${listId}&${query}`, operator)).json()['hydra:member'].map((c: { email: string }) => c.email);
    expect(await emails(`attribs[ville]=orleans`)).toEqual(['zoe@example.org']);
    expect(await emails(`attribs[Ville]=LILLE`)).toEqual(['lea@example.org']);
    expect(await emails(`attribs[ville]=Paris`)).toEqual([]);
    // The name and the value are parameters: SQL in them is only text.
    expect(await emails(`attribs[${encodeURIComponent("ville') OR true --")}]=x`)).toEqual([]);
  });
});

describe('the CSV import and export', () => {
  it('makes an attribute of every column beyond e-mail, names and phone; an empty cell is none', async () => {
    const grp = (await api.post('/api/grps', operator, { subject: 'Import villes' })).json().id;
    const csv = ['email;prénom;Ville ;Code Postal;statut', 'ana@example.org;Ana;Lyon;69001;actif', 'bo@example.org;Bo;;75001;', `cy@example.org;Cy;${'x'.repeat(501)};1;`].join('\n');
    const response = await t.app.inject({ method: 'POST', url: `/api/grps/${grp}/import`, headers: { ...operator, 'content-type': 'text/csv' }, payload: csv });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ added: 2, invalid: 1, invalidLines: [{ line: 4, reason: "attribut 'ville' trop long (500 caractères au plus)" }] });
    const rows = await t.db.query('SELECT email, firstname, attribs FROM grp_rcp WHERE grp_id = $1 ORDER BY email', [grp]);
    // `statut` is one of the export's own columns: an export imported again makes no attribute of it.
    expect(rows).toEqual([
      { email: 'ana@example.org', firstname: 'Ana', attribs: { ville: 'Lyon', 'code postal': '69001' } },
      { email: 'bo@example.org', firstname: 'Bo', attribs: { 'code postal': '75001' } },
    ]);

    const exported = await t.app.inject({ url: `/api/grps/${grp}/contacts.csv`, headers: operator });
    const lines = exported.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('email;prénom;nom;téléphone;origine;statut;ajouté le;consentement;code postal;ville');
    expect(lines[1]).toMatch(/^ana@example\.org;Ana;.*;69001;Lyon$/);
    expect(lines[2]).toMatch(/^bo@example\.org;Bo;.*;75001;$/);

    // The table's attribute filter, for a bearer and through a download link.
    const filtered = await t.app.inject({ url: `/api/grps/${grp}/contacts.csv?attribs[ville]=lyon`, headers: operator });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
    const link = await api.post(`/api/grps/${grp}/contacts.csv/download`, operator, { attribs: { ville: 'LYON' } });
    expect(link.statusCode).toBe(201);
    const followed = await t.app.inject({ url: `/api/grps/${grp}/contacts.csv?download=${encodeURIComponent(link.json().token)}` });
    expect(followed.statusCode).toBe(200);
    expect(followed.body.trim().split('\r\n')).toHaveLength(2);
    const pointedElsewhere = await t.app.inject({ url: `/api/grps/${grp}/contacts.csv?download=${encodeURIComponent(link.json().token)}&attribs[ville]=Paris` });
    expect(pointedElsewhere.statusCode).toBe(401);
  });

  it('refuses a file whose column is named twice', async () => {
    const grp = (await api.post('/api/grps', operator, { subject: 'Double' })).json().id;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/grps/${grp}/import`,
      headers: { ...operator, 'content-type': 'text/csv' },
      payload: 'email,ville,VILLE\na@example.org,Lyon,Lyon\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'file', message: 'La colonne « ville » est en double.' });
  });
});

describe('attributes in messages', () => {
  it('lists the variables with the caller\'s attribute names', async () => {
    const { variables } = (await api.get('/api/email/variables', operator)).json();
    const names = variables.map((v: { name: string }) => v.name);
    expect(names).toEqual(expect.arrayContaining(['attribs', 'preferencesUrl', 'attribs.ville', 'attribs.[code postal]', 'attribs.vip']));
    expect(variables.find((v: { name: string }) => v.name === 'attribs.ville')).toMatchObject({ group: 'attribut' });
    // Another user's attributes are theirs.
    const other = (await api.get('/api/email/variables', admin)).json().variables.map((v: { name: string }) => v.name);
    expect(other).toContain('attribs.ville');
  });

  it("sends each contact its own city, escaped in HTML, or the template's default", async () => {
    // Templates are the admins'.
    const grp = (await api.post('/api/grps', admin, { subject: 'Envoi villes' })).json().id;
    await api.post('/api/grp_rcps', admin, { grp, email: 'lyon@example.org', attribs: { ville: 'Lyon & <Rhône>' } });
    await api.post('/api/grp_rcps', admin, { grp, email: 'nulle-part@example.org' });
    const delId = await makeDelivery(t, admin, {
      subject: 'Nouvelles de {{attribs.ville "Paris"}}',
      html: '<html><body><p>Ville : {{attribs.ville "Paris"}}</p></body></html>',
      text: 'Ville : {{attribs.ville}}.',
    });
    const before = sink.messages.length;
    const send = await startSend(t, admin, delId, grp);
    await waitForSend(t, admin, send.id);
    const mails = await Promise.all(sink.messages.slice(before).map((m) => simpleParser(m.raw)));
    const byTo = Object.fromEntries(mails.map((m) => [m.to && 'text' in m.to ? m.to.text : '', m]));
    expect(byTo['lyon@example.org'].subject).toBe('Nouvelles de Lyon & <Rhône>');
    expect(byTo['lyon@example.org'].html).toContain('Ville : Lyon &amp; &lt;Rhône&gt;');
    expect(byTo['lyon@example.org'].text).toContain('Ville : Lyon & <Rhône>.');
    expect(byTo['nulle-part@example.org'].subject).toBe('Nouvelles de Paris');
    expect(byTo['nulle-part@example.org'].text).toContain('Ville : .');
  });
});

describe('GET /api/grps/{id}/attribs', () => {
  it("answers the names the list's contacts have, to its owner only", async () => {
    const answer = await api.get(`/api/grps/${listId}/attribs`, operator);
    expect(answer.json()).toEqual({ names: ['code postal', 'depuis', 'inscrit', 'ville', 'vip'] });
    const other = (await api.post('/api/grps', admin, { subject: 'À un autre' })).json().id;
    expect((await api.get(`/api/grps/${other}/attribs`, operator)).statusCode).toBe(403);
  });
});
