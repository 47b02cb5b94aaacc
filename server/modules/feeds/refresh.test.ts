import { createTestApp, type TestApp } from '../../testing/testApp';
import { renderFeed, startYoutubeStandIn, standInVideo as video, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { createFeedClient } from './feedClient';
import { refreshFeeds } from './refresh';
import { FeedError } from './types';

let t: TestApp;
let youtube: YoutubeStandIn;
const logged: { level: string; message: string; details: object }[] = [];
const log = {
  info: (details: object, message: string) => logged.push({ level: 'info', message, details }),
  warn: (details: object, message: string) => logged.push({ level: 'warn', message, details }),
};

const A = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const B = 'UCbbbbbbbbbbbbbbbbbbbbbb';

beforeAll(async () => {
  [t, youtube] = await Promise.all([createTestApp(), startYoutubeStandIn()]);
  // Only the two channels of this test: the demo channels are left out of the refresh.
  await t.db.query('DELETE FROM channel');
  await t.db.query(`INSERT INTO channel (youtube_id, name) VALUES ($1, 'A'), ($2, 'B')`, [A, B]);
});
afterAll(async () => {
  await Promise.all([t.close(), youtube.close()]);
});

const client = () => createFeedClient({ baseUrl: youtube.url, timeoutMs: 2000 });
const titles = async (channelId: string) =>
  (
    await t.db.query<{ title: string; views: number }>(
      'SELECT v.title, v.views FROM video v JOIN channel c ON c.id = v.channel_id WHERE c.youtube_id = $1 ORDER BY v.published DESC',
      [channelId],
    )
  ).map((r) => `${r.title} (${r.views})`);
const channelState = async (channelId: string) =>
  (
    await t.db.query<{ name: string; feed_failures: number; feed_error: string | null }>(
      'SELECT name, feed_failures, feed_error FROM channel WHERE youtube_id = $1',
      [channelId],
    )
  )[0];

describe('refreshFeeds against a local YouTube stand-in', () => {
  it('stores the videos of every channel', async () => {
    youtube.feeds.set(A, { xml: renderFeed({ channelId: A, name: 'Chaîne A', videos: [video('aaaaaaaaaa1', 'Premier', 10, 1), video('aaaaaaaaaa2', 'Second', 20, 2)] }) });
    youtube.feeds.set(B, { xml: renderFeed({ channelId: B, name: 'Chaîne B', videos: [video('bbbbbbbbbb1', 'Bonjour', 5, 3)] }) });
    const summary = await refreshFeeds(t.db, client(), log);
    expect(summary).toEqual({ skipped: false, channels: 2, refreshed: 2, failed: 0, videos: 3 });
    expect(await titles(A)).toEqual(['Second (20)', 'Premier (10)']);
    expect((await channelState(A)).name).toBe('Chaîne A');
  });

  it('updates titles and views of known videos and adds new ones, by video id', async () => {
    youtube.feeds.set(A, {
      xml: renderFeed({
        channelId: A,
        name: 'Chaîne A',
        videos: [video('aaaaaaaaaa3', 'Troisième', 1, 4), video('aaaaaaaaaa2', 'Second (titre corrigé)', 25, 2)],
      }),
    });
    await refreshFeeds(t.db, client(), log);
    // The first video left the feed's window: it stays.
    expect(await titles(A)).toEqual(['Troisième (1)', 'Second (titre corrigé) (25)', 'Premier (10)']);
  });

  it.each([
    ['answers 500', { status: 500, body: 'Internal error' }],
    ['answers garbage', { xml: '<html><body>Nope</body></html>' }],
    ['answers a truncated feed', { xml: '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry>' }],
  ])('keeps the last videos when the feed %s, and logs and counts the failure', async (_what, answer) => {
    const before = await titles(A);
    const failures = (await channelState(A)).feed_failures;
    youtube.feeds.set(A, answer);
    logged.length = 0;
    const summary = await refreshFeeds(t.db, client(), log);
    expect(summary).toMatchObject({ refreshed: 1, failed: 1 });
    expect(await titles(A)).toEqual(before);
    const state = await channelState(A);
    expect(state.feed_failures).toBe(failures + 1);
    expect(state.feed_error).toEqual(expect.any(String));
    expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', details: expect.objectContaining({ channel: A }) }));
  });

  it('keeps every video when YouTube cannot be reached at all', async () => {
    const before = [await titles(A), await titles(B)];
    const unreachable = createFeedClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    const summary = await refreshFeeds(t.db, unreachable, log);
    expect(summary).toMatchObject({ channels: 2, refreshed: 0, failed: 2, videos: 0 });
    expect([await titles(A), await titles(B)]).toEqual(before);
    expect((await channelState(B)).feed_error).toMatch(/unreachable/);
  });

  it('reads the feeds a few at a time', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `UC${String(i).padStart(22, 'c')}`);
    for (const id of ids) {
      await t.db.query(`INSERT INTO channel (youtube_id, name) VALUES ($1, 'x')`, [id]);
      youtube.feeds.set(id, { xml: renderFeed({ channelId: id, name: `C${id}`, videos: [] }) });
    }
    youtube.feeds.set(A, { xml: renderFeed({ channelId: A, name: 'Chaîne A', videos: [] }) });
    youtube.delayMs = 40;
    youtube.maxInFlight = 0;
    const summary = await refreshFeeds(t.db, client(), log, { concurrency: 3 });
    youtube.delayMs = 0;
    expect(summary).toMatchObject({ channels: 12, refreshed: 12 });
    expect(youtube.maxInFlight).toBe(3);
  });

  it('skips the run while another process holds the refresh', async () => {
    await t.db.query(`INSERT INTO feed_refresh_lease (id, holder, until) VALUES (1, 'other', now() + interval '5 minutes')
      ON CONFLICT (id) DO UPDATE SET holder = 'other', until = now() + interval '5 minutes'`);
    expect(await refreshFeeds(t.db, client(), log)).toMatchObject({ skipped: true, channels: 0 });
    await t.db.query(`UPDATE feed_refresh_lease SET until = now() - interval '1 second'`);
    expect(await refreshFeeds(t.db, client(), log)).toMatchObject({ skipped: false });
  });

  it('lets the next run in as soon as one ends, even within the same millisecond of the clock', async () => {
    // The embedded engine's clock counts milliseconds: a lease given back as `until = now()`
    // still held a run that started in that millisecond, which then did nothing.
    const runs = [];
    for (let run = 0; run < 30; run += 1) runs.push((await refreshFeeds(t.db, client(), log)).skipped);
    expect(runs.filter(Boolean)).toEqual([]);
  });
});

describe('the feed client', () => {
  it('tells a missing channel from a failing service', async () => {
    youtube.feeds.delete(B);
    await expect(client().fetchChannelFeed(B)).rejects.toMatchObject({ kind: 'notFound' });
    youtube.feeds.set(B, { status: 503 });
    await expect(client().fetchChannelFeed(B)).rejects.toMatchObject({ kind: 'status' });
    await expect(createFeedClient({ baseUrl: 'http://127.0.0.1:9' }).fetchChannelFeed(B)).rejects.toBeInstanceOf(FeedError);
  });

  it("resolves a handle from the channel's page", async () => {
    youtube.handles.set('chainea', A);
    await expect(client().resolveHandle('ChaineA')).resolves.toBe(A);
    await expect(client().resolveHandle('nobody')).rejects.toMatchObject({ kind: 'notFound' });
  });
});
