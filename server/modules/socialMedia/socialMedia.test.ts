import { startApiTest, type ApiTest } from '../../testing/requests';
import { renderFeed, startYoutubeStandIn, standInVideo as video, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { startXStandIn, type XStandIn } from '../../testing/xStandIn';

let { t, api, admin, operator, operatorId } = {} as ApiTest;
let youtube: YoutubeStandIn;
let x: XStandIn;

const EMMA = 'UCemmafinance00000000001';
const NOAH = 'UCnoahcode00000000000001';
const emmaFeed = (views = 100) =>
  renderFeed({
    channelId: EMMA,
    name: 'Emma Finance',
    videos: [video('emmavideo01', 'Budget 2027', 40, 1), video('emmavideo02', 'Épargne : les bases', views, 5), video('emmavideo03', 'ETF', 7, 3)],
  });

beforeAll(async () => {
  [youtube, x] = await Promise.all([startYoutubeStandIn(), startXStandIn()]);
  youtube.handles.set('emmafinance', EMMA);
  youtube.handles.set('noahcode', NOAH);
  youtube.feeds.set(EMMA, { xml: emmaFeed() });
  youtube.feeds.set(NOAH, { xml: renderFeed({ channelId: NOAH, name: 'Noah Code', videos: [video('noahvideo01', 'Rust', 9, 2)] }) });
  x.accounts.set('emma_fi', {
    id: '1501',
    username: 'emma_fi',
    name: 'Emma Finance',
    followers: 4200,
    posts: [
      { id: '1800000000000000002', text: 'Nouvelle vidéo sur l’épargne !', created_at: '2026-10-05T11:00:00.000Z', likes: 31 },
      { id: '1800000000000000001', text: 'Bonjour X', created_at: '2026-10-01T09:00:00.000Z' },
    ],
  });
  ({ t, api, admin, operator, operatorId } = await startApiTest({
    YOUTUBE_FEED_URL: youtube.url,
    X_API_BASE_URL: x.url,
    X_API_BEARER_TOKEN: x.token,
  }));
});
afterAll(async () => {
  await Promise.all([t.close(), youtube.close(), x.close()]);
});
afterEach(() => {
  youtube.feeds.set(EMMA, { xml: emmaFeed() });
  x.failure = null;
});

const createRecipient = async (headers: Record<string, string>, values: Record<string, string>) =>
  (await api.post('/api/recipients', headers, values)).json().id as number;
const stored = async (id: number) =>
  (await t.db.query<{ youtube: unknown; twitter: unknown }>('SELECT youtube, twitter FROM recipient_social_media WHERE recipient_id = $1', [id]))[0];

describe('POST /api/getSocialMediaInfo', () => {
  let emma: number;
  beforeAll(async () => {
    emma = await createRecipient(operator, { email: 'emma@example.org', youtubename: '@EmmaFinance', twittername: 'emma_fi' });
  });

  it('reads the channel and the X account, stores them with the time of the check, and answers them', async () => {
    const response = await api.post('/api/getSocialMediaInfo', operator, { id: emma });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errors).toEqual({});
    expect(body.youtube).toMatchObject({ channelId: EMMA, name: 'Emma Finance', handle: 'EmmaFinance', url: `https://www.youtube.com/channel/${EMMA}` });
    expect(body.youtube.videos.map((v: { title: string; views: number }) => `${v.title} (${v.views})`)).toEqual([
      'Épargne : les bases (100)',
      'ETF (7)',
      'Budget 2027 (40)',
    ]);
    expect(Date.now() - Date.parse(body.youtube.checkedAt)).toBeLessThan(60_000);
    expect(body.twitter).toMatchObject({ username: 'emma_fi', followers: 4200, url: 'https://x.com/emma_fi' });
    expect(body.twitter.latest[0]).toMatchObject({ text: 'Nouvelle vidéo sur l’épargne !', likes: 31 });
    expect(x.requests).toContain('GET /2/users/1501/tweets?max_results=5&tweet.fields=created_at,public_metrics');
    expect(await stored(emma)).toMatchObject({ youtube: { channelId: EMMA }, twitter: { id: '1501' } });
    expect((await api.get(`/api/recipients/${emma}/socialMedia`, operator)).json()).toMatchObject({ youtube: { name: 'Emma Finance' } });
  });

  it('keeps the names it was given when their check succeeds', async () => {
    const noah = await createRecipient(operator, { email: 'noah@example.org' });
    const response = await api.post('/api/getSocialMediaInfo', operator, { id: noah, youtubename: 'https://www.youtube.com/@NoahCode' });
    expect(response.statusCode).toBe(200);
    expect(response.json().youtube.videos[0].title).toBe('Rust');
    expect((await api.get(`/api/recipients/${noah}`, operator)).json().youtubename).toBe('https://www.youtube.com/@NoahCode');
  });

  it('refuses names that name no channel or account (400 naming the field), and a recipient with neither', async () => {
    const badYoutube = await api.post('/api/getSocialMediaInfo', operator, { id: emma, youtubename: 'https://example.org/emma' });
    expect(badYoutube.statusCode).toBe(400);
    expect(badYoutube.json().field).toBe('youtubename');
    const badX = await api.post('/api/getSocialMediaInfo', operator, { id: emma, twittername: 'https://x.com/home' });
    expect(badX.json().field).toBe('twittername');
    const bare = await createRecipient(operator, { email: 'bare@example.org' });
    expect((await api.post('/api/getSocialMediaInfo', operator, { id: bare })).json().field).toBe('youtubename');
    expect((await api.post('/api/getSocialMediaInfo', operator, { id: 'x' })).json().field).toBe('id');
  });

  it('answers 502 when every service fails, and keeps what was stored', async () => {
    const before = await stored(emma);
    youtube.feeds.set(EMMA, { status: 500 });
    x.failure = 503;
    const response = await api.post('/api/getSocialMediaInfo', operator, { id: emma });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/YouTube/);
    expect(await stored(emma)).toEqual(before);
  });

  it('stores the part that worked and says which failed', async () => {
    x.failure = 'garbage';
    youtube.feeds.set(EMMA, { xml: emmaFeed(150) });
    const before = await stored(emma);
    const response = await api.post('/api/getSocialMediaInfo', operator, { id: emma });
    expect(response.statusCode).toBe(200);
    expect(response.json().errors).toEqual({ twitter: { statusCode: 502, message: expect.stringMatching(/X a répondu un contenu illisible/) } });
    expect((await stored(emma)).twitter).toEqual(before.twitter);
    expect(response.json().youtube.videos[0].views).toBe(150);
  });

  it("keeps other users' recipients out (403), and needs a bearer (401)", async () => {
    const adminOwn = await createRecipient(admin, { email: 'admin-own@example.org', youtubename: 'EmmaFinance' });
    expect((await api.post('/api/getSocialMediaInfo', operator, { id: adminOwn })).statusCode).toBe(403);
    expect((await api.post('/api/getSocialMediaInfo', admin, { id: emma })).statusCode).toBe(200);
    expect((await api.post('/api/getSocialMediaInfo', {}, { id: emma })).statusCode).toBe(401);
    expect((await api.get(`/api/recipients/${adminOwn}/socialMedia`, operator)).statusCode).toBe(403);
    expect((await api.post('/api/getSocialMediaInfo', operator, { id: 999999 })).statusCode).toBe(404);
  });
});

describe('POST /api/youtube/{n} and /api/twitter/{n}', () => {
  let jade: number;
  beforeAll(async () => {
    jade = await createRecipient(operator, { email: 'jade@example.org' });
  });

  it('checks a channel URL for a recipient, answering its n latest videos', async () => {
    const response = await api.post('/api/youtube/2', operator, { url: `https://www.youtube.com/channel/${EMMA}`, id: jade });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: jade, changed: true, youtube: { channelId: EMMA } });
    expect(response.json().youtube.videos).toHaveLength(2);
    expect((await stored(jade)).youtube).toMatchObject({ name: 'Emma Finance' });
    expect((await api.get(`/api/recipients/${jade}`, operator)).json().youtubename).toBe(`https://www.youtube.com/channel/${EMMA}`);
  });

  it('refuses a URL that is not a YouTube channel, and an n out of bounds (400 naming the field)', async () => {
    for (const url of ['https://vimeo.com/emma', 'https://www.youtube.com/watch?v=abc', 'pas une chaîne', 'https://www.youtube.com/%ff', 'https://www.youtube.com/%']) {
      const response = await api.post('/api/youtube/3', operator, { url, id: jade });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('url');
    }
    const tooMany = await api.post('/api/youtube/16', operator, { url: '@EmmaFinance', id: jade });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('n');
    expect((await api.post('/api/youtube/3', operator, { url: '@EmmaFinance' })).json().field).toBe('id');
  });

  it('answers 404 for a channel YouTube does not have, 502 when YouTube fails, keeping the stored data', async () => {
    expect((await api.post('/api/youtube/3', operator, { url: '@Inconnu', id: jade })).statusCode).toBe(404);
    const before = await stored(jade);
    youtube.feeds.set(EMMA, { xml: '<html>pas un flux</html>' });
    const garbage = await api.post('/api/youtube/3', operator, { url: '@EmmaFinance', id: jade });
    expect(garbage.statusCode).toBe(502);
    expect(garbage.json().message).toMatch(/illisible/);
    expect(await stored(jade)).toEqual(before);
  });

  it('reads an X profile URL and its n latest posts, storing them when given a recipient', async () => {
    const response = await api.post('/api/twitter/1', operator, { url: 'https://twitter.com/Emma_Fi' });
    expect(response.statusCode).toBe(200);
    expect(response.json().twitter).toMatchObject({ id: '1501', username: 'emma_fi', name: 'Emma Finance' });
    expect(response.json().twitter.latest).toHaveLength(1);
    const withId = await api.post('/api/twitter/5', operator, { url: '@emma_fi', id: jade });
    expect(withId.json()).toMatchObject({ id: jade, changed: true, twitter: { username: 'emma_fi' } });
    expect((await stored(jade)).twitter).toMatchObject({ username: 'emma_fi' });
  });

  it('refuses what is not an X profile (400), answers 404 for an unknown account and 502 when X fails', async () => {
    for (const url of ['https://x.com/home', 'https://x.com/emma_fi/status/1', 'https://example.org/emma_fi', 'un nom beaucoup trop long']) {
      const response = await api.post('/api/twitter/5', operator, { url });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('url');
    }
    expect((await api.post('/api/twitter/101', operator, { url: '@emma_fi' })).json().field).toBe('n');
    expect((await api.post('/api/twitter/5', operator, { url: '@personne' })).statusCode).toBe(404);
    const before = await stored(jade);
    x.failure = 500;
    const down = await api.post('/api/twitter/5', operator, { url: '@emma_fi', id: jade });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/X a répondu une erreur/);
    expect(await stored(jade)).toEqual(before);
  });

  it('keeps ownership on both', async () => {
    const adminOwn = await createRecipient(admin, { email: 'admin-yt@example.org' });
    expect((await api.post('/api/youtube/3', operator, { url: '@EmmaFinance', id: adminOwn })).statusCode).toBe(403);
    expect((await api.post('/api/twitter/3', operator, { url: '@emma_fi', id: adminOwn })).statusCode).toBe(403);
    expect((await api.post('/api/twitter/3', {}, { url: '@emma_fi' })).statusCode).toBe(401);
    expect((await api.post('/api/youtube/3', {}, { url: '@EmmaFinance', id: jade })).statusCode).toBe(401);
  });
});

describe('POST /api/socialMedia/youtube and /list', () => {
  it('refreshes one recipient, saying whether its data changed', async () => {
    const id = await createRecipient(operator, { email: 'lea@example.org', url: 'https://www.youtube.com/@EmmaFinance' });
    const first = await api.post('/api/socialMedia/youtube', operator, { id });
    expect(first.json()).toMatchObject({ id, changed: true, youtube: { name: 'Emma Finance' } });
    expect((await api.post('/api/socialMedia/youtube', operator, { id })).json().changed).toBe(false);
    youtube.feeds.set(EMMA, { xml: emmaFeed(101) });
    expect((await api.post('/api/socialMedia/youtube', operator, { id })).json().changed).toBe(true);
    const before = await stored(id);
    youtube.feeds.set(EMMA, { status: 503 });
    expect((await api.post('/api/socialMedia/youtube', operator, { id })).statusCode).toBe(502);
    expect(await stored(id)).toEqual(before);
  });

  it('refuses a recipient without a channel (400 on id) and one of another user (403)', async () => {
    const none = await createRecipient(operator, { email: 'none@example.org', twittername: 'emma_fi' });
    const response = await api.post('/api/socialMedia/youtube', operator, { id: none });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('id');
    const adminOwn = await createRecipient(admin, { email: 'admin-list@example.org', youtubename: 'EmmaFinance' });
    expect((await api.post('/api/socialMedia/youtube', operator, { id: adminOwn })).statusCode).toBe(403);
    expect((await api.post('/api/socialMedia/youtube/list', operator, { ids: [adminOwn] })).statusCode).toBe(403);
    expect((await api.post('/api/socialMedia/youtube/list', {}, {})).statusCode).toBe(401);
  });

  it("refreshes every recipient of the caller with a channel, a few at a time, and sums up", async () => {
    const fresh = await startApiTest({ YOUTUBE_FEED_URL: youtube.url });
    try {
      for (const [email, youtubename] of [
        ['a@example.org', 'EmmaFinance'],
        ['b@example.org', 'NoahCode'],
        ['c@example.org', 'Inconnu'],
        ['d@example.org', ''],
      ]) {
        await fresh.api.post('/api/recipients', fresh.operator, { email, youtubename });
      }
      for (let i = 0; i < 8; i += 1) await fresh.api.post('/api/recipients', fresh.operator, { email: `e${i}@example.org`, youtubename: 'NoahCode' });
      await fresh.api.post('/api/recipients', fresh.admin, { email: 'admin@example.org', youtubename: 'EmmaFinance' });
      youtube.delayMs = 30;
      youtube.maxInFlight = 0;
      const response = await fresh.api.post('/api/socialMedia/youtube/list', fresh.operator, {});
      youtube.delayMs = 0;
      expect(response.statusCode).toBe(200);
      const summary = response.json();
      expect(summary).toMatchObject({ checked: 11, changed: 10, failed: 1 });
      expect(summary.failures).toEqual([{ id: expect.any(Number), email: 'c@example.org', statusCode: 404, message: 'Chaîne YouTube introuvable.' }]);
      expect(youtube.maxInFlight).toBeGreaterThan(1);
      expect(youtube.maxInFlight).toBeLessThanOrEqual(4);
      const again = (await fresh.api.post('/api/socialMedia/youtube/list', fresh.operator, {})).json();
      expect(again).toMatchObject({ checked: 11, changed: 0, failed: 1 });
      const [{ count }] = await fresh.t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM recipient_social_media');
      expect(count).toBe(10);
    } finally {
      await fresh.t.close();
    }
  });
});

describe('POST /videosocialmedia/last', () => {
  it("answers the latest video stored for each of the user's recipients", async () => {
    const response = await api.post('/videosocialmedia/last', operator, { userId: operatorId });
    expect(response.statusCode).toBe(200);
    const members = response.json()['hydra:member'];
    expect(members.length).toBeGreaterThanOrEqual(3);
    const emma = members.find((m: { email: string }) => m.email === 'emma@example.org');
    expect(emma).toMatchObject({
      id: 'emmavideo02',
      youtube_titre: 'Épargne : les bases',
      youtube_name: 'Emma Finance',
      youtube_lien: `https://www.youtube.com/channel/${EMMA}`,
      youtube_nb_vue: 100,
      created: '2026-10-05T10:00:00.000Z',
      url: 'https://www.youtube.com/watch?v=emmavideo02',
    });
    expect(members.every((m: { recipientId: number }) => m.recipientId > 0)).toBe(true);
  });

  it("refuses another user's id (403) unless admin, and validates userId", async () => {
    const adminId = (await api.get('/api/users?email=admin@tgm.local', admin)).json()['hydra:member'][0].id;
    expect((await api.post('/videosocialmedia/last', operator, { userId: adminId })).statusCode).toBe(403);
    expect((await api.post('/videosocialmedia/last', admin, { userId: operatorId })).statusCode).toBe(200);
    const bad = await api.post('/videosocialmedia/last', operator, { userId: 'moi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('userId');
  });
});

describe('POST /api/twitter/post', () => {
  it('posts the message to X and answers its id', async () => {
    const response = await api.post('/api/twitter/post', operator, { text: 'Une nouvelle vidéo chaque semaine !' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: expect.stringMatching(/^\d+$/), text: 'Une nouvelle vidéo chaque semaine !' });
    expect(x.posted).toContain('Une nouvelle vidéo chaque semaine !');
  });

  it('validates the text, needs a bearer, and answers 502 when X fails', async () => {
    for (const text of ['', '   ', 'x'.repeat(281)]) {
      const response = await api.post('/api/twitter/post', operator, { text });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('text');
    }
    expect((await api.post('/api/twitter/post', {}, { text: 'Bonjour' })).statusCode).toBe(401);
    const posted = x.posted.length;
    x.failure = 'garbage';
    expect((await api.post('/api/twitter/post', operator, { text: 'Bonjour' })).statusCode).toBe(502);
    expect(x.posted).toHaveLength(posted);
  });
});

describe('without X configured', () => {
  let plain: ApiTest;
  beforeAll(async () => {
    plain = await startApiTest({ YOUTUBE_FEED_URL: youtube.url });
  });
  afterAll(() => plain.t.close());

  it('answers 503 on the X calls and still checks YouTube', async () => {
    for (const [url, body] of [
      ['/api/twitter/5', { url: '@emma_fi' }],
      ['/api/twitter/post', { text: 'Bonjour' }],
    ] as const) {
      const response = await plain.api.post(url, plain.operator, body);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/X_API_BEARER_TOKEN/);
    }
    const id = (await plain.api.post('/api/recipients', plain.operator, { email: 'emma@example.org', youtubename: 'EmmaFinance', twittername: 'emma_fi' })).json().id;
    const info = await plain.api.post('/api/getSocialMediaInfo', plain.operator, { id });
    expect(info.statusCode).toBe(200);
    expect(info.json().youtube.name).toBe('Emma Finance');
    expect(info.json().twitter).toBeNull();
    expect(info.json().errors.twitter.statusCode).toBe(503);
    const onlyX = await plain.api.post('/api/getSocialMediaInfo', plain.operator, { id, youtubename: '' });
    expect(onlyX.statusCode).toBe(503);
  });
});
