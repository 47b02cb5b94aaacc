import { createTestApp, type TestApp } from '../../testing/testApp';
import { renderFeed, standInVideo, startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { call, newVisitor } from '../../testing/visitorCalls';
import { toOpml } from './subscriptionFormats';

let t: TestApp;
let youtube: YoutubeStandIn;

const KNOWN = 'UCconnueconnueconnueconn';
const UNKNOWN = 'UCinconnueinconnueinconn';
const FAILING = 'UCenpanneenpanneenpannee';
const ALREADY = 'UCdejasuiviedejasuiviede';

beforeAll(async () => {
  youtube = await startYoutubeStandIn();
  t = await createTestApp({ YOUTUBE_FEED_URL: youtube.url, PUBLIC_WRITE_RATE_LIMIT: '10000', PUBLIC_READ_RATE_LIMIT: '10000' });
  for (const [id, name] of [[KNOWN, 'Chaîne Connue'], [ALREADY, 'Chaîne Déjà Suivie']]) {
    youtube.feeds.set(id, { xml: renderFeed({ channelId: id, name, videos: [standInVideo(`${id.slice(2, 8)}vid01`, `${name} : 1`, 5, 1)] }) });
  }
  youtube.feeds.set(FAILING, { status: 500, body: 'oops' });
});
afterAll(async () => {
  await Promise.all([t.close(), youtube.close()]);
});

describe('what an import became once its feeds were read (issue 42)', () => {
  it('shows followed, already followed, unknown and failed channels in the space, and the unknown one is not followed', async () => {
    const visitor = await newVisitor(t.app, 'import-bilan@example.org', 'Bilan');
    expect((await call(t.app, 'POST', '/api/visitor/follow', visitor, { chaine: ALREADY })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/visitor/me', visitor)).body.lastImport).toBeNull();
    const file = toOpml(
      [KNOWN, UNKNOWN, FAILING, ALREADY].map((youtubeId) => ({ youtubeId, name: `Nom ${youtubeId.slice(2, 8)}` })),
      'Abonnements',
    );
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/visitor/subscriptions/import',
      headers: { ...visitor, 'content-type': 'application/octet-stream' },
      payload: file,
    });
    expect(answer.statusCode).toBe(200);
    // Answered before the feeds are read: every new channel is followed, pending.
    expect(answer.json().followed.map((c: { id: string }) => c.id)).toEqual([KNOWN, UNKNOWN, FAILING]);
    expect(answer.json().unknown).toEqual([]);

    let last = (await call(t.app, 'GET', '/api/visitor/me', visitor)).body.lastImport;
    for (let i = 0; i < 400 && last.pending.length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      last = (await call(t.app, 'GET', '/api/visitor/me', visitor)).body.lastImport;
    }
    expect(last.pending).toEqual([]);
    expect(last.followed.map((c: { id: string }) => c.id)).toEqual([KNOWN]);
    expect(last.alreadyFollowed.map((c: { id: string }) => c.id)).toEqual([ALREADY]);
    expect(last.unknown).toEqual([{ name: 'Nom inconn', source: UNKNOWN }]);
    expect(last.failed).toEqual([{ id: FAILING, name: 'Nom enpann', message: expect.stringContaining('YouTube') }]);
    expect(Date.parse(last.at)).not.toBeNaN();

    const followed = (await call(t.app, 'GET', '/api/visitor/me', visitor)).body.liste.chaines.map((c: { id: string }) => c.id).sort();
    expect(followed).toEqual([ALREADY, FAILING, KNOWN].sort());
  });
});
