import { createTestApp, type TestApp } from '../../testing/testApp';
import { renderFeed, startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';

let t: TestApp;
let youtube: YoutubeStandIn;

const NEW_CHANNEL = 'UCnnnnnnnnnnnnnnnnnnnnnn';
const LE_FIL_ACTU = 'UC5C7mLf_e_-GamCm06recAq';

beforeAll(async () => {
  youtube = await startYoutubeStandIn();
  t = await createTestApp({ YOUTUBE_FEED_URL: youtube.url, PUBLIC_WRITE_RATE_LIMIT: '1000', PUBLIC_READ_RATE_LIMIT: '1000' }, { demoData: true });
  youtube.handles.set('nouvellechaine', NEW_CHANNEL);
  youtube.feeds.set(NEW_CHANNEL, {
    xml: renderFeed({
      channelId: NEW_CHANNEL,
      name: 'Nouvelle Chaîne',
      videos: [
        { videoId: 'nnnnnnnnnn1', title: 'Première vidéo', published: '2026-11-21T12:00:00.000Z', thumbnail: null, views: 42 },
      ],
    }),
  });
});
afterAll(async () => {
  await Promise.all([t.close(), youtube.close()]);
});

const signupBody = (email: string) => ({
  path: 'api/rtEvent/new',
  email,
  name: 'optin_grp',
  grp_name: 'default',
  optin: true,
  data: { url: 'http://localhost/', email, type: 'signup', social_media: '', grp_name: 'default', optin: true },
  origin: 'tgm',
  twitter: '',
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });

async function signUp(email: string): Promise<Record<string, string>> {
  const response = await post('/api/rtEvent/new', signupBody(email));
  expect(response.statusCode).toBe(201);
  return { 'x-visitor-token': response.json().tokenAc };
}

const chaineNames = (body: { liste: { chaines: { name: string }[] } }) => body.liste.chaines.map((c) => c.name);

describe('POST /api/rtEvent/new', () => {
  it('records the opt-in and answers a token, stored only as a hash', async () => {
    const response = await post('/api/rtEvent/new', signupBody('Visiteur@Example.org'));
    expect(response.statusCode).toBe(201);
    const { tokenAc } = response.json();
    expect(tokenAc).toMatch(/^[\w-]{40,}$/);
    const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM visitor WHERE email = $1', ['visiteur@example.org']);
    expect(row).toMatchObject({ optin: true, event_name: 'optin_grp', grp_name: 'default', origin: 'tgm' });
    expect(JSON.stringify(row)).not.toContain(tokenAc);
    const me = await t.app.inject({ url: '/api/visitor/me', headers: { 'x-visitor-token': tokenAc } });
    expect(me.json()).toMatchObject({ email: 'visiteur@example.org', liste: null, emailConfirmed: false, digest: 'aucun', groupes: [], plusTard: [], masquees: [] });
  });

  it('answers a second sign-up with the same e-mail no token (202), and keeps one space per address', async () => {
    const first = await signUp('deux-fois@example.org');
    expect((await post('/api/visitor/liste', { name: 'PremiereListe' }, first)).statusCode).toBe(201);
    const second = await post('/api/rtEvent/new', signupBody('Deux-Fois@example.org'));
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual({ tokenAc: null, signInLinkSent: true });
    expect(await t.db.query("SELECT 1 FROM visitor WHERE lower(email) = 'deux-fois@example.org'")).toHaveLength(1);
  });

  it.each([
    ['a missing e-mail', (b: Record<string, unknown>) => delete b.email, 'email'],
    ['an e-mail without a dot after the @', (b: Record<string, unknown>) => (b.email = 'a@b'), 'email'],
    ['an e-mail with 65 characters before the @', (b: Record<string, unknown>) => (b.email = `${'a'.repeat(65)}@example.org`), 'email'],
    ['an e-mail with a 64-character domain label', (b: Record<string, unknown>) => (b.email = `a@${'b'.repeat(64)}.example.org`), 'email'],
    ['another path', (b: Record<string, unknown>) => (b.path = 'api/other'), 'path'],
    ['another event name', (b: Record<string, unknown>) => (b.name = 'delete_all'), 'name'],
    ['a missing optin', (b: Record<string, unknown>) => delete b.optin, 'optin'],
    ['a missing data', (b: Record<string, unknown>) => delete b.data, 'data'],
    ['data for another e-mail', (b: Record<string, unknown>) => ((b.data as Record<string, unknown>).email = 'x@y.fr'), 'data.email'],
    ['a huge twitter', (b: Record<string, unknown>) => (b.twitter = 'x'.repeat(300)), 'twitter'],
  ])('refuses %s with a 400 naming the field', async (_what, change, field) => {
    const body = signupBody('ok@example.org') as Record<string, unknown>;
    change(body);
    const response = await post('/api/rtEvent/new', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('answers 429 past PUBLIC_WRITE_RATE_LIMIT sign-ups a minute per address', async () => {
    const limited = await createTestApp({ PUBLIC_WRITE_RATE_LIMIT: '2' }, { demoData: true });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({ method: 'POST', url: '/api/rtEvent/new', payload: signupBody(`r${i}@example.org`) });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/rtEvent/new',
        payload: signupBody('r9@example.org'),
        remoteAddress: '10.9.8.7',
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("a visitor's list", () => {
  let visitor: Record<string, string>;
  beforeAll(async () => {
    visitor = await signUp('suiveur@example.org');
  });

  it('needs a known token: 401 otherwise, for every visitor route', async () => {
    for (const headers of [{}, { 'x-visitor-token': 'not-a-real-token-at-all-000' }] as Record<string, string>[]) {
      expect((await t.app.inject({ url: '/api/visitor/me', headers })).statusCode).toBe(401);
      expect((await post('/api/visitor/liste', { name: 'Liste' }, headers)).statusCode).toBe(401);
      expect((await post('/api/visitor/follow', { chaine: LE_FIL_ACTU }, headers)).statusCode).toBe(401);
      expect((await post('/api/visitor/unfollow', { chaine: LE_FIL_ACTU }, headers)).statusCode).toBe(401);
    }
  });

  it('asks for a list before following', async () => {
    const response = await post('/api/visitor/follow', { chaine: LE_FIL_ACTU }, visitor);
    expect(response.statusCode).toBe(409);
  });

  it.each([
    ['a name too short', { name: 'ab' }],
    ['a name with a slash', { name: 'ma/liste' }],
    ['no name', {}],
  ])('refuses %s', async (_what, body) => {
    const response = await post('/api/visitor/liste', body, visitor);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('name');
  });

  it('creates the list, empty, shown at /liste/{name} through videoByUser', async () => {
    const response = await post('/api/visitor/liste', { name: 'MesCréateurs' }, visitor);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ liste: { name: 'MesCréateurs', hashtags: [], chaines: [] } });
    const [res] = (await post('/api/videoByUser/MesCréateurs', { theme: 'MesCréateurs' })).json().res;
    expect(res).toMatchObject({ videos: [], chaines: [], liste: { name: 'MesCréateurs' } });
  });

  it('refuses a second list, and a name already taken', async () => {
    expect((await post('/api/visitor/liste', { name: 'Autre' }, visitor)).statusCode).toBe(409);
    const other = await signUp('autre@example.org');
    const taken = await post('/api/visitor/liste', { name: 'juliENentreprend' }, other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('name');
  });

  it('follows a known channel by id (from a video card), by URL and by handle', async () => {
    expect(chaineNames((await post('/api/visitor/follow', { chaine: LE_FIL_ACTU }, visitor)).json())).toEqual(['Le Fil Actu']);
    const byUrl = await post('/api/visitor/follow', { chaine: 'https://www.youtube.com/@StartupHebdo' }, visitor);
    expect(chaineNames(byUrl.json())).toEqual(['Le Fil Actu', 'Startup Hebdo']);
    const again = await post('/api/visitor/follow', { chaine: '@lefilactu' }, visitor);
    expect(chaineNames(again.json())).toEqual(['Le Fil Actu', 'Startup Hebdo']);
    const [res] = (await post('/api/videoByUser/MesCréateurs', { theme: 'MesCréateurs' })).json().res;
    expect(res.totalItems).toBe(30);
  });

  it('follows a channel YouTube knows and we do not: resolves the handle, reads the feed, stores its videos', async () => {
    const response = await post('/api/visitor/follow', { chaine: '@NouvelleChaine' }, visitor);
    expect(response.statusCode).toBe(200);
    expect(chaineNames(response.json())).toContain('Nouvelle Chaîne');
    const [res] = (await post('/api/videoByUser/MesCréateurs', { theme: 'MesCréateurs' })).json().res;
    expect(res.videos[0]).toMatchObject({ id: 'nnnnnnnnnn1', youtube_name: 'Nouvelle Chaîne', youtube_nb_vue: 42, img_lien: null });
  });

  it('answers 404 for a channel YouTube does not know, 502 when YouTube fails, 400 for what is no channel', async () => {
    expect((await post('/api/visitor/follow', { chaine: '@Inconnue' }, visitor)).statusCode).toBe(404);
    youtube.feeds.set('UCffffffffffffffffffffff', { status: 500 });
    const failing = await post('/api/visitor/follow', { chaine: 'UCffffffffffffffffffffff' }, visitor);
    expect(failing.statusCode).toBe(502);
    const invalid = await post('/api/visitor/follow', { chaine: 'https://example.org/@x' }, visitor);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().field).toBe('chaine');
    expect((await post('/api/visitor/follow', {}, visitor)).json().field).toBe('chaine');
  });

  it.each(['/api/visitor/follow', '/api/visitor/unfollow', '/api/visitor/seen'])('answers 400 naming chaine for an address that is not valid percent-encoding on %s', async (url) => {
    for (const chaine of ['https://www.youtube.com/%ff', 'https://www.youtube.com/%', 'youtube.com/@a%E0%A4%A']) {
      const response = await post(url, { chaine }, visitor);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'chaine', error: 'Bad Request' });
      expect(response.json().message).toMatch(/chaîne YouTube/);
    }
  });

  it('unfollows', async () => {
    const response = await post('/api/visitor/unfollow', { chaine: 'https://www.youtube.com/channel/' + LE_FIL_ACTU }, visitor);
    expect(response.statusCode).toBe(200);
    expect(chaineNames(response.json())).toEqual(['Startup Hebdo', 'Nouvelle Chaîne']);
    expect((await post('/api/visitor/unfollow', { chaine: '@PasConnue' }, visitor)).statusCode).toBe(404);
  });

  it("keeps visitors' lists apart: a visitor changes only their own", async () => {
    const other = await signUp('voisin@example.org');
    await post('/api/visitor/liste', { name: 'ListeDuVoisin' }, other);
    await post('/api/visitor/follow', { chaine: LE_FIL_ACTU }, other);
    const mine = (await t.app.inject({ url: '/api/visitor/me', headers: visitor })).json();
    expect(mine.liste.name).toBe('MesCréateurs');
    expect(chaineNames(mine)).not.toContain('Le Fil Actu');
  });

  it('reveals no back-office data', async () => {
    const body = (await t.app.inject({ url: '/api/visitor/me', headers: visitor })).body;
    expect(body).not.toMatch(/admin@|operateur@|password|token_hash/);
    expect((await t.app.inject('/api/grps')).statusCode).toBe(401);
  });
});
