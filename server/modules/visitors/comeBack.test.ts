import { createFeedClient } from '../feeds/feedClient';
import { refreshFeeds } from '../feeds/refresh';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { renderFeed, startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import type { FeedVideo } from '../feeds/types';

let t: TestApp;
let youtube: YoutubeStandIn;

const A = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const B = 'UCbbbbbbbbbbbbbbbbbbbbbb';
const C = 'UCcccccccccccccccccccccc';
const NAMES: Record<string, string> = { [A]: 'Chaîne A', [B]: 'Chaîne B', [C]: 'Chaîne C' };
const videos: Record<string, FeedVideo[]> = { [A]: [], [B]: [], [C]: [] };
const quiet = { info: () => undefined, warn: () => undefined };

let serial = 0;
/** Publishes a video on a channel's feed, dated now plus `minutes`. */
function publish(channelId: string, minutes = 0): string {
  serial += 1;
  const videoId = `${channelId.slice(2, 4)}vid${String(serial).padStart(6, '0')}`;
  videos[channelId].unshift({
    videoId,
    title: `Vidéo ${serial} de ${NAMES[channelId]}`,
    published: new Date(Date.now() + minutes * 60_000).toISOString(),
    thumbnail: null,
    views: serial,
  });
  youtube.feeds.set(channelId, { xml: renderFeed({ channelId, name: NAMES[channelId], videos: videos[channelId] }) });
  return videoId;
}

const refresh = () => refreshFeeds(t.db, createFeedClient({ baseUrl: youtube.url }), quiet);

beforeAll(async () => {
  youtube = await startYoutubeStandIn();
  t = await createTestApp({ YOUTUBE_FEED_URL: youtube.url, PUBLIC_WRITE_RATE_LIMIT: '10000', PUBLIC_READ_RATE_LIMIT: '10000' });
  for (const id of [A, B, C]) {
    youtube.feeds.set(id, { xml: renderFeed({ channelId: id, name: NAMES[id], videos: [] }) });
    publish(id, -60 * 24);
  }
});
afterAll(async () => {
  await Promise.all([t.close(), youtube.close()]);
});

type Headers = Record<string, string>;
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, headers: Headers, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : null, raw: response };
};

let count = 0;
async function followerOf(...channels: string[]): Promise<Headers> {
  count += 1;
  const email = `revient${count}@example.org`;
  const signup = await call('POST', '/api/rtEvent/new', {}, { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} });
  const headers = { 'x-visitor-token': signup.body.tokenAc as string };
  expect((await call('POST', '/api/visitor/liste', headers, { name: `Revient${count}` })).status).toBe(201);
  for (const chaine of channels) expect((await call('POST', '/api/visitor/follow', headers, { chaine })).status).toBe(200);
  return headers;
}

const unseen = async (headers: Headers) =>
  Object.fromEntries(((await call('GET', '/api/visitor/me', headers)).body.liste.chaines as { id: string; unseen: number }[]).map((c) => [c.id, c.unseen]));

describe('new since last time', () => {
  it('counts per creator the videos the feeds bring after the follow, down to 0 once opened', async () => {
    const visitor = await followerOf(A, B, C);
    expect(await unseen(visitor)).toEqual({ [A]: 0, [B]: 0, [C]: 0 });
    publish(A);
    publish(A, 1);
    publish(B);
    await refresh();
    expect(await unseen(visitor)).toEqual({ [A]: 2, [B]: 1, [C]: 0 });
    expect((await call('POST', '/api/visitor/seen', visitor, { chaine: A })).status).toBe(200);
    expect(await unseen(visitor)).toEqual({ [A]: 0, [B]: 1, [C]: 0 });
    // Another visitor following A still has its new videos.
    publish(C);
    await refresh();
    expect((await call('POST', '/api/visitor/seen', visitor, {})).status).toBe(200);
    expect(await unseen(visitor)).toEqual({ [A]: 0, [B]: 0, [C]: 0 });
  });

  it('lists the new videos newest first in "Nouveautés"; a watched or hidden video leaves it', async () => {
    const visitor = await followerOf(A, B);
    const older = publish(B, 1);
    const newer = publish(A, 2);
    const hidden = publish(A, 3);
    await refresh();
    const ids = async () => ((await call('GET', '/api/visitor/videos?vue=nouveautes', visitor)).body.videos as { id: string }[]).map((v) => v.id);
    expect(await ids()).toEqual([hidden, newer, older]);
    expect((await call('POST', '/api/visitor/seen', visitor, { video: newer })).status).toBe(200);
    expect((await call('POST', `/api/visitor/videos/${hidden}`, visitor, { etat: 'masquée' })).status).toBe(200);
    expect(await ids()).toEqual([older]);
    expect(await unseen(visitor)).toEqual({ [A]: 0, [B]: 1 });
  });

  it('refuses what names no followed creator', async () => {
    const visitor = await followerOf(A);
    expect((await call('POST', '/api/visitor/seen', visitor, { chaine: B })).status).toBe(404);
    const bad = await call('POST', '/api/visitor/seen', visitor, { chaine: 'https://example.org/x' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('chaine');
    const badVideo = await call('POST', '/api/visitor/seen', visitor, { video: 'nope' });
    expect(badVideo.status).toBe(400);
    expect(badVideo.body.field).toBe('video');
  });
});

describe('groups', () => {
  it('puts a creator in several groups, replaces and deletes a group, and drops an unfollowed creator', async () => {
    const visitor = await followerOf(A, B, C);
    expect((await call('PUT', '/api/visitor/groupes/Actu', visitor, { chaines: [A, B] })).status).toBe(200);
    const second = await call('PUT', `/api/visitor/groupes/${encodeURIComponent('Sciences & tech')}`, visitor, { chaines: [B, C] });
    expect(second.body.groupes).toEqual([
      { name: 'Actu', chaines: [A, B] },
      { name: 'Sciences & tech', chaines: [B, C] },
    ]);
    await call('PUT', '/api/visitor/groupes/actu', visitor, { chaines: [C, A] });
    await call('POST', '/api/visitor/unfollow', visitor, { chaine: C });
    expect((await call('GET', '/api/visitor/me', visitor)).body.groupes).toEqual([
      { name: 'actu', chaines: [A] },
      { name: 'Sciences & tech', chaines: [B] },
    ]);
    expect((await call('DELETE', '/api/visitor/groupes/Actu', visitor)).body.groupes).toEqual([{ name: 'Sciences & tech', chaines: [B] }]);
    expect((await call('DELETE', '/api/visitor/groupes/Actu', visitor)).status).toBe(404);
  });

  it('refuses a creator not followed, a malformed id and a missing body, naming the field', async () => {
    const visitor = await followerOf(A);
    const notFollowed = await call('PUT', '/api/visitor/groupes/G', visitor, { chaines: [B] });
    expect(notFollowed.status).toBe(400);
    expect(notFollowed.body.field).toBe('chaines');
    expect((await call('PUT', '/api/visitor/groupes/G', visitor, { chaines: ['x'] })).body.field).toMatch(/^chaines/);
    expect((await call('PUT', '/api/visitor/groupes/G', visitor, {})).body.field).toBe('chaines');
    expect((await call('GET', '/api/visitor/me', visitor)).body.groupes).toEqual([]);
  });

  it('takes a name of 60 emoji (under the router limit), refuses 61 and a name with nothing visible', async () => {
    const visitor = await followerOf(A);
    const emoji = '😀'.repeat(60);
    const long = await call('PUT', `/api/visitor/groupes/${encodeURIComponent(emoji)}`, visitor, { chaines: [A] });
    expect(long.status).toBe(200);
    expect(long.body.groupes).toEqual([{ name: emoji, chaines: [A] }]);
    const tooLong = await call('PUT', `/api/visitor/groupes/${encodeURIComponent(`${emoji}😀`)}`, visitor, { chaines: [A] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('name');
    for (const name of ['\u200b\u200b', '\u0001\u0007', '\u200d\ufeff\u2060', ' \u00a0 ', '\u0301']) {
      const invisible = await call('PUT', `/api/visitor/groupes/${encodeURIComponent(name)}`, visitor, { chaines: [A] });
      expect([name, invisible.status, invisible.body.field]).toEqual([name, 400, 'name']);
      expect(invisible.body.message).toMatch(/au moins un visible/);
    }
    expect((await call('GET', '/api/visitor/me', visitor)).body.groupes).toHaveLength(1);
  });
});

describe('later and hidden', () => {
  it('keeps both lists for the visitor, latest first, and clears a state with null', async () => {
    const visitor = await followerOf(A);
    const first = publish(A, 5);
    const second = publish(A, 6);
    const third = publish(A, 7);
    await refresh();
    await call('POST', `/api/visitor/videos/${first}`, visitor, { etat: 'plus tard' });
    await call('POST', `/api/visitor/videos/${second}`, visitor, { etat: 'plus tard' });
    const hidden = await call('POST', `/api/visitor/videos/${third}`, visitor, { etat: 'masquée' });
    expect(hidden.body).toEqual({ plusTard: [second, first], masquees: [third] });
    const later = (await call('GET', '/api/visitor/videos?vue=plusTard', visitor)).body.videos as { id: string; youtube_titre: string }[];
    expect(later.map((v) => v.id)).toEqual([second, first]);
    const cleared = await call('POST', `/api/visitor/videos/${second}`, visitor, { etat: null });
    expect(cleared.body.plusTard).toEqual([first]);
    const other = await followerOf(A);
    expect((await call('GET', '/api/visitor/me', other)).body.plusTard).toEqual([]);
  });

  it('refuses another state and a malformed video id', async () => {
    const visitor = await followerOf();
    const state = await call('POST', '/api/visitor/videos/aaaaaaaaaaa', visitor, { etat: 'favori' });
    expect(state.status).toBe(400);
    expect(state.body.field).toBe('etat');
    expect((await call('POST', '/api/visitor/videos/a', visitor, { etat: null })).body.field).toBe('videoId');
  });

  it('refuses a video no feed has shown (404), saving and marking seen nothing', async () => {
    const visitor = await followerOf(A);
    for (const etat of ['plus tard', 'masquée', null]) {
      const unknown = await call('POST', '/api/visitor/videos/zzzzzzzzzzz', visitor, { etat });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: 'Not Found', message: 'Vidéo introuvable.' });
    }
    expect((await call('POST', '/api/visitor/seen', visitor, { video: 'zzzzzzzzzzz' })).status).toBe(404);
    expect(await t.db.query("SELECT 1 FROM visitor_video WHERE video_id = 'zzzzzzzzzzz'")).toEqual([]);
  });
});

describe('the private feed', () => {
  it('answers Atom at an unguessable address that renewing retires', async () => {
    const visitor = await followerOf(A);
    const me = (await call('GET', '/api/visitor/me', visitor)).body;
    const key = /\/api\/visitor\/feed\/([\w-]+)$/.exec(me.feedUrl)?.[1] as string;
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(key).not.toBe(visitor['x-visitor-token']);
    expect((await call('GET', '/api/visitor/me', visitor)).body.feedUrl).toBe(me.feedUrl);
    const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM visitor WHERE id = (SELECT max(id) FROM visitor)');
    expect(JSON.stringify(row)).not.toContain(key);

    const hidden = publish(A, 10);
    await refresh();
    await call('POST', `/api/visitor/videos/${hidden}`, visitor, { etat: 'masquée' });
    const feed = await t.app.inject({ url: `/api/visitor/feed/${key}` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    // Feed readers may keep it five minutes: the route's own Cache-Control replaces the API's no-store.
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    expect(feed.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(feed.body).toContain('Chaîne A');
    expect(feed.body).toMatch(/\/liste\/Revient\d+\?v=/);
    expect(feed.body).not.toContain(hidden);

    const renewed = await call('POST', '/api/visitor/feed', visitor);
    expect(renewed.body.feedUrl).not.toBe(me.feedUrl);
    expect((await t.app.inject({ url: `/api/visitor/feed/${key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: new URL(renewed.body.feedUrl).pathname })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/visitor/feed/not-a-key' })).statusCode).toBe(404);
  });

  it('builds its URLs from where the server listens without PUBLIC_URL, never from the Host header', async () => {
    const visitor = await followerOf(A);
    const forged = { ...visitor, host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const { feedUrl } = (await call('GET', '/api/visitor/me', forged)).body;
    expect(feedUrl).toMatch(/^http:\/\/localhost:\d+\/api\/visitor\/feed\/[\w-]{43}$/);
    const feed = await t.app.inject({ url: new URL(feedUrl).pathname, headers: { host: 'evil.example' } });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(feedUrl);
    expect(feed.body).not.toContain('evil.example');
    expect((await call('POST', '/api/visitor/feed', forged)).body.feedUrl).not.toContain('evil.example');
  });
});

describe('settings', () => {
  it('takes digest and digestHour, and refuses anything else naming the field', async () => {
    const visitor = await followerOf();
    const changed = await call('PATCH', '/api/visitor/me', visitor, { digest: 'quotidien', digestHour: 7 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ digest: 'quotidien', digestHour: 7 });
    for (const [body, field] of [
      [{ digest: 'mensuel' }, 'digest'],
      [{ digestHour: 24 }, 'digestHour'],
      [{ digestHour: 'sept' }, 'digestHour'],
    ] as const) {
      const refused = await call('PATCH', '/api/visitor/me', visitor, body);
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe(field);
    }
  });

  it('asks for a visitor token on every new route', async () => {
    for (const [method, url, payload] of [
      ['PATCH', '/api/visitor/me', {}],
      ['POST', '/api/visitor/seen', {}],
      ['PUT', '/api/visitor/groupes/x', { chaines: [] }],
      ['DELETE', '/api/visitor/groupes/x', undefined],
      ['POST', '/api/visitor/videos/aaaaaaaaaaa', { etat: null }],
      ['GET', '/api/visitor/videos?vue=plusTard', undefined],
      ['POST', '/api/visitor/feed', undefined],
    ] as const) {
      expect({ method, url, status: (await call(method, url, {}, payload)).status }).toEqual({ method, url, status: 401 });
    }
  });
});
