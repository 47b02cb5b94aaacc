import { createTestApp, type TestApp } from '../../testing/testApp';
import { call, newVisitor, type Headers } from '../../testing/visitorCalls';

let t: TestApp;
let alice: Headers;
let bruno: Headers;
const VIDEO = 'histoire001';
const OTHER = 'histoire002';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_WRITE_RATE_LIMIT: '10000', PUBLIC_READ_RATE_LIMIT: '10000' });
  const [{ id }] = await t.db.query<{ id: number }>(`INSERT INTO channel (youtube_id, name) VALUES ('UChistoirehistoirehisto1', 'Chaîne Histoire') RETURNING id`);
  for (const [video, title] of [[VIDEO, 'Les Gaulois'], [OTHER, 'Les Romains']]) {
    await t.db.query('INSERT INTO video (id, channel_id, title, published, views) VALUES ($1, $2, $3, now(), 10)', [video, id, title]);
  }
  alice = await newVisitor(t.app, 'histoire-alice@example.org');
  bruno = await newVisitor(t.app, 'histoire-bruno@example.org');
});
afterAll(async () => {
  await t.close();
});

const put = (headers: Headers, videoId: string, body: unknown) => call(t.app, 'PUT', `/api/visitor/history/${videoId}`, headers, body);
const history = async (headers: Headers) => (await call(t.app, 'GET', '/api/visitor/history', headers)).body.history as { videoId: string; position: number; finished: boolean }[];
const seen = async (videoId: string) =>
  (await t.db.query('SELECT 1 FROM visitor_video vv JOIN visitor v ON v.id = vv.visitor_id WHERE v.email = $1 AND vv.video_id = $2 AND vv.seen_at IS NOT NULL', ['histoire-alice@example.org', videoId])).length > 0;

describe('the visitor history (issue 42)', () => {
  it('keeps where the visitor stopped, the latest first; past 90 % the video counts as seen', async () => {
    expect((await put(alice, VIDEO, { position: 120, duration: 600 })).status).toBe(204);
    expect((await put(alice, OTHER, { position: 30.5, duration: 300 })).status).toBe(204);
    const answer = await call(t.app, 'GET', '/api/visitor/history', alice);
    expect(answer.status).toBe(200);
    expect(answer.body.history).toEqual([
      expect.objectContaining({ videoId: OTHER, position: 30.5, duration: 300, finished: false, video: expect.objectContaining({ youtube_titre: 'Les Romains' }) }),
      expect.objectContaining({ videoId: VIDEO, position: 120, duration: 600, finished: false }),
    ]);
    expect(await seen(VIDEO)).toBe(false);

    expect((await put(alice, VIDEO, { position: 545, duration: 600 })).status).toBe(204);
    expect((await history(alice))[0]).toMatchObject({ videoId: VIDEO, position: 545, finished: true });
    expect(await seen(VIDEO)).toBe(true);
  });

  it('refuses bad input with a French 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      [VIDEO, { position: -1, duration: 600 }, 'position'],
      [VIDEO, { position: 601, duration: 600 }, 'position'],
      [VIDEO, { position: 10, duration: 0 }, 'duration'],
      [VIDEO, { position: '10', duration: 600 }, 'position'],
      [VIDEO, { position: 10 }, 'duration'],
      ['inconnue000', { position: 10, duration: 600 }, 'videoId'],
      ['x', { position: 10, duration: 600 }, 'videoId'],
    ];
    for (const [videoId, body, field] of cases) {
      const answer = await put(alice, videoId, body);
      expect({ videoId, body, status: answer.status, field: answer.body.field }).toEqual({ videoId, body, status: 400, field });
      expect(answer.body.message).toMatch(/[éèàç]|champ|vidéo/i);
    }
    expect((await put({}, VIDEO, { position: 1, duration: 2 })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/visitor/history')).status).toBe(401);
  });

  it("never shows or changes another visitor's history", async () => {
    expect(await history(bruno)).toEqual([]);
    expect((await call(t.app, 'DELETE', `/api/visitor/history/${VIDEO}`, bruno)).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/visitor/history', bruno)).status).toBe(204);
    expect((await history(alice)).map((entry) => entry.videoId)).toEqual([VIDEO, OTHER]);
  });

  it('forgets one video, then all of them', async () => {
    expect((await call(t.app, 'DELETE', `/api/visitor/history/${OTHER}`, alice)).status).toBe(204);
    expect((await history(alice)).map((entry) => entry.videoId)).toEqual([VIDEO]);
    expect((await call(t.app, 'DELETE', `/api/visitor/history/${OTHER}`, alice)).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/visitor/history', alice)).status).toBe(204);
    expect(await history(alice)).toEqual([]);
  });
});
