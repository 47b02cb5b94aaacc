import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startApiTest, type ApiTest } from '../../testing/requests';

let { t, api, admin, operator } = {} as ApiTest;
let listId: number;

beforeAll(async () => {
  ({ t, api, admin, operator } = await startApiTest({ IMPORT_MAX_BYTES: String(8 * 1024 * 1024) }));
  listId = (await api.post('/api/grps', operator, { subject: 'Import' })).json().id;
  await api.post('/grp_rcps', operator, { email: 'already@example.org', grp: listId });
});
afterAll(() => t.close());

const upload = (csv: string | Readable, grp = listId, headers = operator, contentType = 'text/csv') =>
  t.app.inject({ method: 'POST', url: `/api/grps/${grp}/import`, headers: { ...headers, 'content-type': contentType }, payload: csv });

describe('POST /api/grps/{id}/import (CSV of contacts)', () => {
  it('adds the rows, and reports duplicates and invalid rows with their line numbers', async () => {
    const csv = [
      'email,firstname,lastname,phone',
      'ana@example.org,Ana,Lopez,0601020304',
      'ALREADY@example.org,Al,Ready,',
      'not-an-email,Bad,Row,',
      '',
      '"bo@example.org","Bo, Jr","Smith","0611"',
      'ana@example.org,Ana,Again,',
      `long@example.org,${'x'.repeat(101)},L,`,
    ].join('\n');
    const response = await upload(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rows: 6,
      added: 2,
      duplicates: 2,
      invalid: 2,
      suppressed: 0,
      duplicateLines: [3, 7],
      invalidLines: [
        { line: 4, reason: 'adresse e-mail invalide : not-an-email' },
        { line: 8, reason: "champ 'firstname' trop long (100 caractères au plus)" },
      ],
      suppressedLines: [],
      encoding: 'UTF-8',
      separator: ',',
    });
    const rows = await t.db.query(
      `SELECT email, firstname, lastname, phone, origin FROM grp_rcp WHERE grp_id = $1 AND origin = 'import' ORDER BY email`,
      [listId],
    );
    expect(rows).toEqual([
      { email: 'ana@example.org', firstname: 'Ana', lastname: 'Lopez', phone: '0601020304', origin: 'import' },
      { email: 'bo@example.org', firstname: 'Bo, Jr', lastname: 'Smith', phone: '0611', origin: 'import' },
    ]);
  });

  it('numbers a record by the line it ends on when a quoted field spans lines', async () => {
    const csv = 'email,firstname\nmulti@example.org,"Anne\nMarie"\nbad-address,X\nmulti@example.org,Again\n';
    const response = await upload(csv);
    expect(response.json()).toMatchObject({
      rows: 3,
      added: 1,
      invalidLines: [{ line: 4, reason: 'adresse e-mail invalide : bad-address' }],
      duplicateLines: [5],
    });
    const [multi] = await t.db.query(`SELECT firstname FROM grp_rcp WHERE email = 'multi@example.org'`);
    expect(multi).toEqual({ firstname: 'Anne\nMarie' });
  });

  it('reads French headers, semicolons and a byte order mark, and counts a malformed line as invalid', async () => {
    const csv = '\uFEFFPrénom;E-mail;Nom;Téléphone;Ville\nCléa;clea@example.org;Roy;0622;Lyon\n"Dan;dan@example.org\n';
    const response = await upload(csv);
    expect(response.json()).toMatchObject({ rows: 2, added: 1, invalid: 1, invalidLines: [{ line: 3, reason: 'ligne CSV mal formée' }] });
    const [clea] = await t.db.query(`SELECT firstname, lastname, phone FROM grp_rcp WHERE email = 'clea@example.org'`);
    expect(clea).toEqual({ firstname: 'Cléa', lastname: 'Roy', phone: '0622' });
  });

  describe('files saved by French Excel', () => {
    const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));
    const contactsOf = (emails: string[]) =>
      t.db.query<{ email: string; firstname: string; lastname: string }>(
        'SELECT email, firstname, lastname FROM grp_rcp WHERE grp_id = $1 AND email = ANY($2) ORDER BY email',
        [listId, emails],
      );
    const bytes = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/grps/${listId}/import`,
        headers: { ...operator, 'content-type': 'text/csv' },
        payload: fixture(name),
      });

    it('reads Windows-1252 (CSV séparateur point-virgule) with its accents, Œ and €, and says so', async () => {
      const response = await bytes('excel-fr-windows-1252.csv');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ rows: 3, added: 3, invalid: 0, encoding: 'windows-1252', separator: ';' });
      expect(await contactsOf(['elodie@example.org', 'francois.1252@example.org', 'zoe.1252@example.org'])).toEqual([
        { email: 'elodie@example.org', firstname: 'Élodie', lastname: 'Œuvray' },
        { email: 'francois.1252@example.org', firstname: 'François', lastname: 'Lefèvre à 5 €' },
        { email: 'zoe.1252@example.org', firstname: "Zoé; l'aînée", lastname: 'Dupré' },
      ]);
    });

    it('reads ISO-8859-1', async () => {
      const response = await bytes('excel-fr-iso-8859-1.csv');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ rows: 2, added: 2, separator: ';' });
      expect(['ISO-8859-1', 'windows-1252']).toContain(response.json().encoding);
      expect(await contactsOf(['elodie.latin1@example.org', 'noel.latin1@example.org'])).toEqual([
        { email: 'elodie.latin1@example.org', firstname: 'Élodie', lastname: 'Gaël Dupré' },
        { email: 'noel.latin1@example.org', firstname: 'Noël', lastname: 'Bréhat' },
      ]);
    });

    it('reads UTF-8 with a BOM, and a Windows-1252 file split across many small chunks', async () => {
      const bom = await bytes('excel-fr-utf8-bom.csv');
      expect(bom.json()).toMatchObject({ rows: 2, added: 2, encoding: 'UTF-8', separator: ';' });
      expect(await contactsOf(['elodie.bom@example.org', 'jose.bom@example.org'])).toEqual([
        { email: 'elodie.bom@example.org', firstname: 'Élodie', lastname: 'Œuvray' },
        { email: 'jose.bom@example.org', firstname: 'José', lastname: 'Müller €' },
      ]);
      // A big Windows-1252 file: its start is sampled, the rest decoded as it streams.
      const lines = ['Prénom\tNom\tE-mail'];
      for (let i = 0; i < 5000; i += 1) lines.push(`Élodie\tŒuvray n°${i} €\tgros-${i}@example.org`);
      // Rewrite Œ (U+0152) and € (U+20AC) as their Windows-1252 bytes.
      const text = lines.join('\r\n');
      const encoded = Buffer.alloc(text.length);
      for (let i = 0; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        encoded[i] = c === 0x152 ? 0x8c : c === 0x20ac ? 0x80 : c;
      }
      const chunks = Readable.from((function* () {
        for (let i = 0; i < encoded.length; i += 997) yield encoded.subarray(i, i + 997);
      })());
      const response = await upload(chunks);
      expect(response.json()).toMatchObject({ rows: 5000, added: 5000, encoding: 'windows-1252', separator: '\t' });
      expect(await contactsOf(['gros-4999@example.org'])).toEqual([
        { email: 'gros-4999@example.org', firstname: 'Élodie', lastname: 'Œuvray n°4999 €' },
      ]);
    });
  });

  it('refuses a file without an email column, an empty file, and another media type', async () => {
    const noEmail = await upload('name,phone\nAna,0601\n');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().field).toBe('file');
    const empty = await upload('email\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('file');
    expect((await upload('email\na@example.org\n', listId, operator, 'application/x-unknown')).statusCode).toBe(415);
  });

  it('refuses a file over IMPORT_MAX_BYTES with a 413', async () => {
    const big = `email\n${'z@example.org\n'.repeat(700_000)}`;
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('8 Mo');
  });

  it("checks the list's owner, the path and the token", async () => {
    const adminList = (await api.post('/api/grps', admin, { subject: 'A' })).json().id;
    expect((await upload('email\nx@example.org\n', adminList)).statusCode).toBe(403);
    expect((await upload('email\nx@example.org\n', 999999)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/grps/abc/import', headers: { ...operator, 'content-type': 'text/csv' }, payload: 'email\n' })).json().field).toBe('id');
    expect((await upload('email\nx@example.org\n', listId, {} as typeof operator)).statusCode).toBe(401);
  });

  it('reports, by line, the e-mails an earlier statement of the same import added, whatever their case', async () => {
    const list = (await api.post('/api/grps', operator, { subject: 'Across statements' })).json().id;
    // More rows than the largest statement holds; the repeats come after it, in capitals.
    const rows = Array.from({ length: 5200 }, (_, i) => `across${i}@example.org`);
    const repeats = [3, 250, 4999].map((i) => `ACROSS${i}@Example.org`);
    const response = await upload(['email', ...rows, ...repeats].join('\n'), list);
    expect(response.json()).toMatchObject({ rows: 5203, added: 5200, duplicates: 3, duplicateLines: [5202, 5203, 5204] });
    expect((await api.get(`/api/grp_rcps/${list}/count`, operator)).json()).toEqual({ count: 5200, countStart: 5200 });
  });

  it('streams 100,000 rows into a list', async () => {
    const big = (await api.post('/api/grps', operator, { subject: 'Big' })).json().id;
    const total = 100_000;
    function* lines() {
      yield 'email,firstname,lastname,phone\n';
      for (let i = 0; i < total; i += 1) yield `user${i}@example.org,First${i},Last${i},06${String(i).padStart(8, '0')}\n`;
    }
    const response = await upload(Readable.from(lines()), big);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rows: total, added: total, duplicates: 0, invalid: 0 });
    expect((await api.get(`/api/grp_rcps/${big}/count`, operator)).json()).toEqual({ count: total, countStart: total });
    // Several seconds on the embedded database, more when the machine is busy.
  }, 180_000);
});
