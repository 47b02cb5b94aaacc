import { createTestApp, type TestApp } from '../../testing/testApp';
import { youtubeVideoId } from './videoUrl';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_WRITE_RATE_LIMIT: '1000', PUBLIC_READ_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const VIDEO = 'https://www.youtube.com/watch?v=_6J55Ozorvh';

const rating = (overrides: Record<string, unknown> = {}) => ({
  label: 'Objectivité',
  videourl: VIDEO,
  rating: 4,
  email: 'noteur@example.org',
  recipientid: 1,
  ...overrides,
});

const rate = (body: unknown, remoteAddress?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/video/rating', payload: body as object, remoteAddress, headers });

const aggregates = async (videourl: string) => {
  const response = await t.app.inject({ url: `/api/video/rating?videourl=${encodeURIComponent(videourl)}` });
  expect(response.statusCode).toBe(200);
  return response.json().ratings;
};

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=_6J55Ozorvh', '_6J55Ozorvh'],
    ['https://youtube.com/watch?feature=share&v=_6J55Ozorvh&t=30s', '_6J55Ozorvh'],
    ['https://youtu.be/_6J55Ozorvh?t=12', '_6J55Ozorvh'],
    ['https://www.youtube.com/embed/_6J55Ozorvh', '_6J55Ozorvh'],
    ['https://www.youtube.com/shorts/_6J55Ozorvh', '_6J55Ozorvh'],
    ['https://www.youtube-nocookie.com/embed/_6J55Ozorvh?start=3', '_6J55Ozorvh'],
  ])('reads the id of %s', (url, id) => expect(youtubeVideoId(url)).toBe(id));

  it.each([
    'https://example.org/watch?v=_6J55Ozorvh',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC5C7mLf_e_-GamCm06recAq',
    'javascript:alert(1)',
    '_6J55Ozorvh',
  ])('refuses %s', (url) => expect(youtubeVideoId(url)).toBeNull());
});

describe('POST /api/video/rating', () => {
  it('stores a rating (201) and answers the video’s averages per criterion', async () => {
    const response = await rate(rating());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      label: 'Objectivité',
      videourl: VIDEO,
      rating: 4,
      recipientid: 1,
      videoId: '_6J55Ozorvh',
      ratings: [
        { label: 'Objectivité', average: 4, count: 1 },
        { label: 'Information', average: null, count: 0 },
        { label: 'Motivation', average: null, count: 0 },
      ],
    });
    const [row] = await t.db.query('SELECT email, recipient_id, rating FROM video_rating');
    expect(row).toEqual({ email: 'noteur@example.org', recipient_id: 1, rating: 4 });
  });

  it('replaces the same e-mail’s rating of the same video and criterion (200), whatever the address form and case', async () => {
    const response = await rate(rating({ rating: 2, email: 'Noteur@Example.org', videourl: 'https://youtu.be/_6J55Ozorvh?t=5' }));
    expect(response.statusCode).toBe(200);
    expect(await aggregates(VIDEO)).toContainEqual({ label: 'Objectivité', average: 2, count: 1 });
    const rows = await t.db.query<{ count: number }>("SELECT count(*)::int AS count FROM video_rating WHERE video_id = '_6J55Ozorvh'");
    expect(rows[0].count).toBe(1);
  });

  it('keeps one rating per e-mail and criterion, and averages them per video', async () => {
    const other = 'https://www.youtube.com/watch?v=z39dcgN5WrY';
    await rate(rating({ videourl: other, rating: 5, email: 'a@example.org' }));
    await rate(rating({ videourl: other, rating: 4, email: 'b@example.org' }));
    await rate(rating({ videourl: other, rating: 4, email: 'c@example.org' }));
    await rate(rating({ videourl: other, label: 'Motivation', rating: 1, email: 'a@example.org' }));
    expect(await aggregates(other)).toEqual([
      { label: 'Objectivité', average: 4.33, count: 3 },
      { label: 'Information', average: null, count: 0 },
      { label: 'Motivation', average: 1, count: 1 },
    ]);
    expect(await aggregates(VIDEO)).toContainEqual({ label: 'Objectivité', average: 2, count: 1 });
  });

  it.each([
    ['a rating of 0', { rating: 0 }, 'rating'],
    ['a rating of 6', { rating: 6 }, 'rating'],
    ['a rating of 3.5', { rating: 3.5 }, 'rating'],
    ['a text rating', { rating: 'cinq' }, 'rating'],
    ['an unknown label', { label: 'Humour' }, 'label'],
    ['a label in another case', { label: 'objectivité' }, 'label'],
    ['a missing e-mail', { email: undefined }, 'email'],
    ['an e-mail off the simple pattern', { email: 'a@b' }, 'email'],
    ['a missing videourl', { videourl: undefined }, 'videourl'],
    ['a videourl that is no YouTube video', { videourl: 'https://example.org/watch?v=_6J55Ozorvh' }, 'videourl'],
    ['a missing recipientid', { recipientid: undefined }, 'recipientid'],
    ['a recipientid of 0', { recipientid: 0 }, 'recipientid'],
  ])('refuses %s with a 400 naming the field', async (_what, change, field) => {
    const response = await rate(rating(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    expect(response.json().message).toContain(field);
  });

  it('refuses a body that is no JSON object with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/video/rating',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 429 past PUBLIC_WRITE_RATE_LIMIT ratings a minute per address', async () => {
    const limited = await createTestApp({ PUBLIC_WRITE_RATE_LIMIT: '2' });
    try {
      const send = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/video/rating', payload: rating(), remoteAddress });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await send('10.1.1.1')).statusCode);
      expect(statuses).toEqual([201, 200, 429]);
      expect((await send('10.1.1.1')).json().message).toMatch(/^Trop de requêtes/);
      expect((await send('10.2.2.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/video/rating', () => {
  it('answers every criterion with no rating for a video nobody rated', async () => {
    expect(await aggregates('https://www.youtube.com/watch?v=hPT3R8OfR3n')).toEqual([
      { label: 'Objectivité', average: null, count: 0 },
      { label: 'Information', average: null, count: 0 },
      { label: 'Motivation', average: null, count: 0 },
    ]);
  });

  it('needs a YouTube video address in videourl', async () => {
    for (const url of ['/api/video/rating', '/api/video/rating?videourl=https%3A%2F%2Fexample.org%2F']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('videourl');
    }
  });

  it('reveals no e-mail', async () => {
    const response = await t.app.inject({ url: `/api/video/rating?videourl=${encodeURIComponent(VIDEO)}` });
    expect(response.body).not.toContain('@');
  });
});

describe('GET /api/video/rating/mine', () => {
  const signUp = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rtEvent/new',
      payload: { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
    });
    return { 'x-visitor-token': response.json().tokenAc as string };
  };
  const MINE = 'https://youtu.be/mineMine123';
  const mine = (headers: Record<string, string>) =>
    t.app.inject({ url: `/api/video/rating/mine?videourl=${encodeURIComponent(MINE)}`, headers });

  it("answers the token's visitor's own stars, never another visitor's", async () => {
    const alice = await signUp('Alice@example.org');
    const bob = await signUp('bob@example.org');
    // Their ratings need their tokens: the addresses have visitor accounts.
    await rate(rating({ videourl: MINE, email: 'alice@example.org', rating: 5 }), undefined, alice);
    await rate(rating({ videourl: MINE, email: 'alice@example.org', label: 'Motivation', rating: 2 }), undefined, alice);
    await rate(rating({ videourl: MINE, email: 'bob@example.org', rating: 1 }), undefined, bob);
    const response = await mine(alice);
    expect(response.statusCode).toBe(200);
    expect(response.json().mine).toEqual({ Objectivité: 5, Motivation: 2 });
    expect((await mine(bob)).json().mine).toEqual({ Objectivité: 1 });
    expect((await mine(await signUp('carole@example.org'))).json().mine).toEqual({});
  });

  it('needs a visitor token (401)', async () => {
    expect((await mine({})).statusCode).toBe(401);
    expect((await mine({ 'x-visitor-token': 'not-a-token' })).statusCode).toBe(401);
  });
});
