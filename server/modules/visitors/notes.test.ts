import { createTestApp, type TestApp } from '../../testing/testApp';
import { NOTE_MAX_CHARS } from './notes';

let t: TestApp;
const VIDEO = 'notesVid001';
const OTHER = 'notesVid002';

type Headers = Record<string, string>;
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

let count = 0;
async function visitor(): Promise<Headers> {
  count += 1;
  const signup = await call('POST', '/api/rtEvent/new', {}, {
    path: 'api/rtEvent/new', email: `carnet${count}@example.org`, name: 'optin_grp', grp_name: 'default', optin: true, data: {},
  });
  return { 'x-visitor-token': signup.body.tokenAc as string };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_WRITE_RATE_LIMIT: '10000', PUBLIC_READ_RATE_LIMIT: '10000' });
  const [channel] = await t.db.query<{ id: number }>(
    "INSERT INTO channel (youtube_id, name) VALUES ('UCnotesnotesnotesnotes00', 'Créatrice des notes') RETURNING id",
  );
  for (const [id, title] of [[VIDEO, 'Épisode pilote'], [OTHER, 'Deuxième vidéo']]) {
    await t.db.query("INSERT INTO video (id, channel_id, title, published, thumbnail) VALUES ($1, $2, $3, now(), 'https://i.ytimg.com/vi/x/mqdefault.jpg')", [id, channel.id, title]);
  }
});
afterAll(() => t.close());

describe('a visitor’s notes', () => {
  it('are written, listed newest first with their video, edited and deleted', async () => {
    const me = await visitor();
    const first = await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 75, text: '  Le début de l’Épisode  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ video: VIDEO, at: 75, text: 'Le début de l’Épisode', videoTitle: 'Épisode pilote', videoCreator: 'Créatrice des notes' });
    const second = await call('POST', '/api/visitor/notes', me, { video: OTHER, at: 3, text: 'Autre chose' });
    const list = await call('GET', '/api/visitor/notes', me);
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(2);
    expect(list.body['hydra:member'].map((note: { id: number }) => note.id)).toEqual([second.body.id, first.body.id]);

    const edited = await call('PATCH', `/api/visitor/notes/${first.body.id}`, { ...me, 'content-type': 'application/merge-patch+json' }, { text: 'Revu', at: 80 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: first.body.id, at: 80, text: 'Revu', video: VIDEO });

    expect((await call('DELETE', `/api/visitor/notes/${second.body.id}`, me)).status).toBe(204);
    const after = await call('GET', `/api/visitor/notes?video=${OTHER}`, me);
    expect(after.body['hydra:totalItems']).toBe(0);
  });

  it('are found by any part of the text, accents and case ignored, and filtered by video', async () => {
    const me = await visitor();
    await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 1, text: 'Épisode 3 : la révélation' });
    await call('POST', '/api/visitor/notes', me, { video: OTHER, at: 2, text: 'Sans rapport, 100% _vrai_' });
    const texts = async (query: string) =>
      (await call('GET', `/api/visitor/notes?${query}`, me)).body['hydra:member'].map((note: { text: string }) => note.text);
    expect(await texts('q=epi')).toEqual(['Épisode 3 : la révélation']);
    expect(await texts('q=REVEL')).toEqual(['Épisode 3 : la révélation']);
    expect(await texts(`q=${encodeURIComponent('%')}`)).toEqual(['Sans rapport, 100% _vrai_']);
    expect(await texts(`q=${encodeURIComponent('s_n')}`)).toEqual([]);
    expect(await texts(`video=${OTHER}`)).toEqual(['Sans rapport, 100% _vrai_']);
    expect(await texts(`video=${OTHER}&q=episode`)).toEqual([]);
  });

  it('are the same note when written twice (a merge adds nothing)', async () => {
    const me = await visitor();
    const a = await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 10, text: 'Même note' });
    const b = await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 10, text: 'Même note' });
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.id).toBe(a.body.id);
    const c = await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 11, text: 'Même note' });
    expect(c.status).toBe(201);
    const clash = await call('PATCH', `/api/visitor/notes/${c.body.id}`, { ...me, 'content-type': 'application/merge-patch+json' }, { at: 10 });
    expect(clash.status).toBe(409);
  });

  it('refuse bad input with a French 400 naming the field', async () => {
    const me = await visitor();
    const cases: [unknown, string][] = [
      [{ video: VIDEO, at: 0, text: 'x'.repeat(100_000) }, 'text'],
      [{ video: VIDEO, at: 0, text: 'x'.repeat(NOTE_MAX_CHARS + 1) }, 'text'],
      [{ video: VIDEO, at: 0, text: '   ' }, 'text'],
      [{ video: VIDEO, at: -1, text: 'négatif' }, 'at'],
      [{ video: VIDEO, at: 1.5, text: 'fraction' }, 'at'],
      [{ video: 'inconnue123', at: 0, text: 'vidéo inconnue' }, 'video'],
      [{ video: 'pas une vidéo', at: 0, text: 'identifiant faux' }, 'video'],
    ];
    for (const [payload, field] of cases) {
      const answer = await call('POST', '/api/visitor/notes', me, payload);
      expect({ field, status: answer.status, named: answer.body.field }).toEqual({ field, status: 400, named: field });
      expect(answer.body.message).toMatch(/[a-zé]/);
    }
    expect((await call('GET', '/api/visitor/notes', me)).body['hydra:totalItems']).toBe(0);
    const note = await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 0, text: 'ok' });
    const patch = await call('PATCH', `/api/visitor/notes/${note.body.id}`, { ...me, 'content-type': 'application/merge-patch+json' }, { at: -5 });
    expect([patch.status, patch.body.field]).toEqual([400, 'at']);

    // Past the duration the history holds for that video (issue 42): refused, on POST and PATCH.
    expect((await call('PUT', `/api/visitor/history/${VIDEO}`, me, { position: 30, duration: 125.4 })).status).toBe(204);
    const past = await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 200, text: 'trop loin' });
    expect([past.status, past.body.field, past.body.message]).toEqual([400, 'at', "Le champ 'at' dépasse la durée de la vidéo (2:06)."]);
    expect((await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 126, text: 'à la fin' })).status).toBe(201);
    const moved = await call('PATCH', `/api/visitor/notes/${note.body.id}`, { ...me, 'content-type': 'application/merge-patch+json' }, { at: 127 });
    expect([moved.status, moved.body.field]).toEqual([400, 'at']);
  });

  it('are nobody else’s: another visitor reads, changes and deletes none (404), and no token is a 401', async () => {
    const owner = await visitor();
    const intruder = await visitor();
    const note = await call('POST', '/api/visitor/notes', owner, { video: VIDEO, at: 5, text: 'À moi' });
    expect((await call('GET', '/api/visitor/notes', intruder)).body['hydra:totalItems']).toBe(0);
    const patched = await call('PATCH', `/api/visitor/notes/${note.body.id}`, { ...intruder, 'content-type': 'application/merge-patch+json' }, { text: 'Volée' });
    expect(patched.status).toBe(404);
    expect((await call('DELETE', `/api/visitor/notes/${note.body.id}`, intruder)).status).toBe(404);
    expect((await call('GET', '/api/visitor/notes', {})).status).toBe(401);
    expect((await call('GET', '/api/visitor/notes', owner)).body['hydra:member'][0].text).toBe('À moi');
  });

  it('page newest first with links that keep the search', async () => {
    const me = await visitor();
    for (let at = 0; at < 5; at += 1) await call('POST', '/api/visitor/notes', me, { video: VIDEO, at, text: `Épisode ${at}` });
    const page = await call('GET', '/api/visitor/notes?q=episode&itemsPerPage=2', me);
    expect(page.body['hydra:totalItems']).toBe(5);
    expect(page.body['hydra:member'].map((note: { at: number }) => note.at)).toEqual([4, 3]);
    const next = page.body['hydra:view']['hydra:next'] as string;
    expect(next).toContain('q=episode');
    expect(next).not.toContain('visitor=');
    const second = await call('GET', next, me);
    expect(second.body['hydra:member'].map((note: { at: number }) => note.at)).toEqual([2, 1]);
  });
});

describe('the space’s JSON export', () => {
  it('carries the notes, and its import restores them once', async () => {
    const from = await visitor();
    expect((await call('POST', '/api/visitor/liste', from, { name: `Carnet${count}` })).status).toBe(201);
    await call('POST', '/api/visitor/notes', from, { video: VIDEO, at: 42, text: 'Une idée à garder' });
    await call('POST', '/api/visitor/notes', from, { video: OTHER, at: 7, text: 'Deuxième' });
    for (const format of ['newpipe', 'freetube']) {
      const exported = await t.app.inject({ method: 'GET', url: `/api/visitor/subscriptions/export?format=${format}`, headers: from });
      expect(exported.body).toContain('Une idée à garder');

      const to = await visitor();
      expect((await call('POST', '/api/visitor/liste', to, { name: `Carnet${count}` })).status).toBe(201);
      const importOnce = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/visitor/subscriptions/import',
          headers: { ...to, 'content-type': 'application/octet-stream' },
          payload: Buffer.from(exported.body),
        });
      expect((await importOnce()).json().notes).toBe(2);
      expect((await importOnce()).json().notes).toBe(0);
      const notes = (await call('GET', '/api/visitor/notes', to)).body['hydra:member'];
      expect(notes.map((note: { video: string; at: number; text: string }) => [note.video, note.at, note.text]).sort()).toEqual([
        [VIDEO, 42, 'Une idée à garder'],
        [OTHER, 7, 'Deuxième'],
      ]);
    }
  });
});

describe('merging a browser’s notes', () => {
  it('adds each once, answers the kept ones in order and null for a video the product does not know', async () => {
    const me = await visitor();
    await call('POST', '/api/visitor/notes', me, { video: VIDEO, at: 1, text: 'Déjà là' });
    const notes = [
      { video: VIDEO, at: 1, text: 'Déjà là' },
      { video: 'inconnue123', at: 2, text: 'Perdue ?' },
      { video: OTHER, at: 3, text: 'Nouvelle' },
    ];
    const first = await call('POST', '/api/visitor/notes/merge', me, { notes });
    expect(first.status).toBe(200);
    expect(first.body.notes.map((note: { text: string } | null) => note?.text ?? null)).toEqual(['Déjà là', null, 'Nouvelle']);
    await call('POST', '/api/visitor/notes/merge', me, { notes });
    expect((await call('GET', '/api/visitor/notes', me)).body['hydra:totalItems']).toBe(2);
    const bad = await call('POST', '/api/visitor/notes/merge', me, { notes: [{ video: VIDEO, at: -1, text: 'x' }] });
    expect([bad.status, bad.body.field]).toEqual([400, 'notes.0.at']);
  });
});
