import { createFeedClient } from '../feeds/feedClient';
import { refreshFeeds } from '../feeds/refresh';
import type { FeedVideo } from '../feeds/types';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { renderFeed, startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { call, newVisitor, type Headers } from '../../testing/visitorCalls';

let t: TestApp;
let youtube: YoutubeStandIn;

const CHANNEL = 'UCfiltresfiltresfiltres1';
const quiet = { info: () => undefined, warn: () => undefined };
const video = (videoId: string, title: string, views: number, minutes: number, short = false): FeedVideo => ({
  videoId,
  title,
  published: new Date(Date.now() + minutes * 60_000).toISOString(),
  thumbnail: null,
  views,
  short,
});
const OLD = video('filtreAncie', 'Une ancienne vidéo', 100, -60 * 24);
const NEWS = [
  video('filtreNorma', 'Recette du jour', 10, 1),
  video('filtreShort', 'Une astuce en 30 secondes', 50, 2, true),
  video('filtreDirec', 'Direct de ce soir', 0, 3),
  video('filtreMotCa', 'ÉPISODE spécial : la suite', 20, 4),
];
const TITLES = [OLD, ...NEWS].map((v) => v.title);
const publish = (videos: FeedVideo[]) => youtube.feeds.set(CHANNEL, { xml: renderFeed({ channelId: CHANNEL, name: 'Chaîne filtrée', videos }) });

let reader: Headers;
let other: Headers;

beforeAll(async () => {
  youtube = await startYoutubeStandIn();
  t = await createTestApp({ YOUTUBE_FEED_URL: youtube.url, PUBLIC_WRITE_RATE_LIMIT: '10000', PUBLIC_READ_RATE_LIMIT: '10000' });
  publish([OLD]);
  reader = await newVisitor(t.app, 'filtre-lecteur@example.org', 'Filtres');
  other = await newVisitor(t.app, 'filtre-autre@example.org', 'SansFiltres');
  for (const headers of [reader, other]) expect((await call(t.app, 'POST', '/api/visitor/follow', headers, { chaine: CHANNEL })).status).toBe(200);
  publish([...NEWS].reverse().concat(OLD));
  await refreshFeeds(t.db, createFeedClient({ baseUrl: youtube.url }), quiet);
});
afterAll(async () => {
  await Promise.all([t.close(), youtube.close()]);
});

const gridTitles = async (headers: Headers, list: string) => {
  const answer = await call(t.app, 'POST', `/api/videoByUser/${list}`, headers, { theme: list });
  expect(answer.status).toBe(200);
  return (answer.body.res[0].videos as { youtube_titre: string }[]).map((v) => v.youtube_titre).sort();
};
const unseen = async (headers: Headers) => (await call(t.app, 'GET', '/api/visitor/me', headers)).body.liste.chaines[0].unseen as number;
const newTitles = async (headers: Headers) =>
  ((await call(t.app, 'GET', '/api/visitor/videos?vue=nouveautes', headers)).body.videos as { youtube_titre: string }[]).map((v) => v.youtube_titre).sort();
const atom = async (headers: Headers) => {
  const { feedUrl } = (await call(t.app, 'GET', '/api/visitor/me', headers)).body;
  const answer = await call(t.app, 'GET', new URL(feedUrl as string).pathname);
  expect(answer.status).toBe(200);
  return answer.text;
};

describe('feed filters (issue 42)', () => {
  it('reads shorts from the feed link and keeps live streams at 0 views', async () => {
    const rows = await t.db.query<{ id: string; short: boolean; views: string }>(`SELECT id, short, views::text FROM video WHERE id LIKE 'filtre%' ORDER BY id`);
    expect(rows.find((r) => r.id === 'filtreShort')?.short).toBe(true);
    expect(rows.find((r) => r.id === 'filtreNorma')?.short).toBe(false);
    expect(rows.find((r) => r.id === 'filtreDirec')?.views).toBe('0');
  });

  it('hides a short, a live stream and a hidden word (accents and case ignored) from the grid, the counts, the news and the Atom feed', async () => {
    expect(await gridTitles(reader, 'Filtres')).toEqual([...TITLES].sort());
    expect(await unseen(reader)).toBe(4);

    const patched = await call(t.app, 'PATCH', '/api/visitor/me', reader, { hideShorts: true, hideLive: true, hiddenWords: ['  episode ', 'Épisode', ''] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ hideShorts: true, hideLive: true, hiddenWords: ['episode'] });
    expect((await call(t.app, 'GET', '/api/visitor/me', reader)).body).toMatchObject({ hideShorts: true, hideLive: true, hiddenWords: ['episode'] });

    expect(await gridTitles(reader, 'Filtres')).toEqual(['Recette du jour', 'Une ancienne vidéo']);
    expect(await unseen(reader)).toBe(1);
    expect(await newTitles(reader)).toEqual(['Recette du jour']);
    const feed = await atom(reader);
    expect(feed).toContain('Recette du jour');
    for (const hidden of ['astuce en 30 secondes', 'Direct de ce soir', 'la suite']) expect(feed).not.toContain(hidden);

    // Another visitor, and a grid asked without a token, keep every video.
    expect(await gridTitles(other, 'Filtres')).toEqual([...TITLES].sort());
    expect(await gridTitles({}, 'Filtres')).toEqual([...TITLES].sort());
    expect(await unseen(other)).toBe(4);
    expect(await atom(other)).toContain('Direct de ce soir');

    // Each filter alone: the words emptied, the short comes back only when shorts are shown.
    await call(t.app, 'PATCH', '/api/visitor/me', reader, { hideShorts: false, hiddenWords: [] });
    expect(await newTitles(reader)).toEqual(['ÉPISODE spécial : la suite', 'Recette du jour', 'Une astuce en 30 secondes'].sort());
    await call(t.app, 'PATCH', '/api/visitor/me', reader, { hideLive: false, hiddenWords: ['RECETTE'] });
    expect(await newTitles(reader)).toEqual(['Direct de ce soir', 'ÉPISODE spécial : la suite', 'Une astuce en 30 secondes'].sort());
    // Words are literal text, never patterns: '(direct)' hides no "Direct", 'SPECIAL :' hides the episode.
    await call(t.app, 'PATCH', '/api/visitor/me', reader, { hiddenWords: ['(direct)', 'SPECIAL :'] });
    expect(await newTitles(reader)).toEqual(['Direct de ce soir', 'Recette du jour', 'Une astuce en 30 secondes'].sort());
  });

  it('refuses 10,000 words, a word of 51 characters and a word that is no text, in French, naming the field', async () => {
    for (const hiddenWords of [Array.from({ length: 10_000 }, (_, n) => `mot${n}`), ['x'.repeat(51)], [42]]) {
      const answer = await call(t.app, 'PATCH', '/api/visitor/me', reader, { hiddenWords });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toMatch(/^hiddenWords/);
      expect(answer.body.message).toMatch(/hiddenWords/);
    }
    expect((await call(t.app, 'PATCH', '/api/visitor/me', reader, { hideShorts: 'oui' })).status).toBe(400);
    expect((await call(t.app, 'PATCH', '/api/visitor/me', {}, { hideShorts: true })).status).toBe(401);
  });
});
