import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { renderFeed, standInVideo, startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { readSubscriptionFile, toFreeTubeDb, toNewPipeJson, toOpml } from './subscriptionFormats';
import { IMPORTS_PER_HOUR } from './subscriptionsImport';
import { PARSE_THREAD_NICE } from './subscriptionsParser';
import { SUBSCRIPTIONS_MAX_BYTES } from './subscriptionsRoutes';

let t: TestApp;
let youtube: YoutubeStandIn;

const LE_FIL_ACTU = 'UC5C7mLf_e_-GamCm06recAq';
/** The channels the fixture files name, as the YouTube stand-in serves them. */
const SERVED: Record<string, string> = {
  UCU89K1D5a0HECbLMQsNcCGc: 'Atelier Bois Paris',
  'UCtd76LCNUH1lS-2wLfKkaVE': 'Histoire en Bref',
  'UC_tNMO66iv9b4_b8p6k-csD': 'Cuisine Zéro Déchet',
  UCZVefZO9jDOmlpFbYfogYtG: 'Astronomie Pratique',
  'UC-w0A2c_MLpjN-E8A4r_knO': 'Vélo Urbain',
  'UCh7k-gQvmUZKYiCy6AbaCQY': 'Jardin Vertical',
};
const UNKNOWN = 'UCEwbEFonsIX0eZ776Hehdz2';
const FAILING = 'UCGXnBo1nKo63sZEqqZ3CYxU';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));

beforeAll(async () => {
  youtube = await startYoutubeStandIn();
  t = await createTestApp({ YOUTUBE_FEED_URL: youtube.url, PUBLIC_WRITE_RATE_LIMIT: '1000', PUBLIC_READ_RATE_LIMIT: '1000' }, { demoData: true });
  Object.entries(SERVED).forEach(([channelId, name], index) =>
    youtube.feeds.set(channelId, { xml: renderFeed({ channelId, name, videos: [standInVideo(`vid${index}aaaaaaa`, `${name} : épisode 1`, 10, index + 1)] }) }),
  );
  youtube.feeds.set(FAILING, { status: 500, body: 'oops' });
});
afterAll(async () => {
  await Promise.all([t.close(), youtube.close()]);
});

let visitorCount = 0;
/** A new visitor with a list of their own. */
async function visitorWithList(): Promise<Record<string, string>> {
  visitorCount += 1;
  const email = `abonne${visitorCount}@example.org`;
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/rtEvent/new',
    payload: {
      path: 'api/rtEvent/new',
      email,
      name: 'optin_grp',
      grp_name: 'default',
      optin: true,
      data: { url: 'http://localhost/', email },
    },
  });
  const headers = { 'x-visitor-token': signup.json().tokenAc as string };
  const created = await t.app.inject({ method: 'POST', url: '/api/visitor/liste', headers, payload: { name: `Abonnements${visitorCount}` } });
  expect(created.statusCode).toBe(201);
  return headers;
}

const importFile = (headers: Record<string, string>, body: Buffer | string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visitor/subscriptions/import',
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: body,
  });

/** Waits until the background has read every imported channel it may read now. */
async function feedsRead(): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const [{ left }] = await t.db.query<{ left: number }>(
      `SELECT count(*)::int AS left FROM channel WHERE feed_pending AND feed_failed_at IS NULL`,
    );
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('imported channels were not read');
}

const feedRequests = (channelId: string) => youtube.requests.filter((r) => r.includes(channelId)).length;

const followedIds = async (headers: Record<string, string>) =>
  ((await t.app.inject({ url: '/api/visitor/me', headers })).json().liste.chaines as { id: string }[]).map((c) => c.id).sort();

describe('reading subscription files', () => {
  it.each([
    ['takeout-subscriptions.csv', 'takeout-csv', ['UCU89K1D5a0HECbLMQsNcCGc', 'UCtd76LCNUH1lS-2wLfKkaVE', LE_FIL_ACTU, UNKNOWN, FAILING]],
    ['youtube-subscriptions.opml', 'opml', ['UC_tNMO66iv9b4_b8p6k-csD', 'UCZVefZO9jDOmlpFbYfogYtG']],
    ['freetube-subscriptions.opml', 'opml', ['UC-w0A2c_MLpjN-E8A4r_knO', 'UCh7k-gQvmUZKYiCy6AbaCQY']],
    ['invidious-subscriptions.opml', 'opml', ['UCU89K1D5a0HECbLMQsNcCGc', 'UC_tNMO66iv9b4_b8p6k-csD']],
    ['newpipe-subscriptions.json', 'newpipe', ['UCtd76LCNUH1lS-2wLfKkaVE', null, 'UCZVefZO9jDOmlpFbYfogYtG']],
    ['freetube-subscriptions.db', 'freetube', ['UC-w0A2c_MLpjN-E8A4r_knO', 'UCh7k-gQvmUZKYiCy6AbaCQY', 'UCU89K1D5a0HECbLMQsNcCGc']],
  ])('reads %s', (name, format, ids) => {
    const file = readSubscriptionFile(fixture(name).toString('utf8'));
    expect(file.format).toBe(format);
    expect(file.entries.map((e) => e.channelId)).toEqual(ids);
  });

  it('keeps the names the files give, commas and accents included', () => {
    const file = readSubscriptionFile(fixture('takeout-subscriptions.csv').toString('utf8'));
    expect(file.entries[1].name).toBe('Histoire en Bref, le podcast');
    expect(readSubscriptionFile(fixture('youtube-subscriptions.opml').toString('utf8')).entries[0].name).toBe('Cuisine Zéro Déchet');
  });
});

describe('writing subscription files', () => {
  const channels = [
    { youtubeId: 'UCU89K1D5a0HECbLMQsNcCGc', name: `L'Or & "l'Argent" <live>` },
    { youtubeId: 'UC_tNMO66iv9b4_b8p6k-csD', name: 'Cuisine Zéro Déchet' },
  ];
  const extras = {
    groups: [
      { name: 'Sciences, & "tech" / <x>', chaines: ['UC_tNMO66iv9b4_b8p6k-csD', 'UCU89K1D5a0HECbLMQsNcCGc'] },
      { name: 'Cuisine', chaines: ['UC_tNMO66iv9b4_b8p6k-csD'] },
    ],
    plusTard: ['aaaaaaaaaa1', 'bbbbbbbbbb2'],
    masquees: ['ccccccccc-3'],
  };
  it.each([
    ['OPML', (c: typeof channels, e?: typeof extras) => toOpml(c, 'Ma liste', e)],
    ['NewPipe JSON', toNewPipeJson],
    ['FreeTube profiles', toFreeTubeDb],
  ])('writes %s that reads back whole, whatever the names hold, groups, later and hidden included', (_name, write) => {
    expect(readSubscriptionFile(write(channels)).entries).toEqual(channels.map((c) => ({ channelId: c.youtubeId, name: c.name })));
    const file = readSubscriptionFile(write(channels, extras));
    expect(file.entries).toEqual(channels.map((c) => ({ channelId: c.youtubeId, name: c.name })));
    expect(file.groups).toEqual(extras.groups.map((g) => ({ name: g.name, channelIds: g.chaines })));
    expect(file.plusTard).toEqual(extras.plusTard);
    expect(file.masquees).toEqual(extras.masquees);
  });

  it("reads FreeTube's profiles as groups", () => {
    const file = readSubscriptionFile(fixture('freetube-subscriptions.db').toString('utf8'));
    expect(file.groups).toEqual([{ name: 'Sciences', channelIds: ['UCh7k-gQvmUZKYiCy6AbaCQY'] }]);
  });

  it("reads a feed reader's OPML folders as groups, and the one folder of YouTube's as none", () => {
    const folders = `<opml version="1.0"><body>
      <outline text="Bois"><outline type="rss" text="A" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=UCU89K1D5a0HECbLMQsNcCGc"/></outline>
      <outline text="Cuisine"><outline type="rss" text="B" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=UC_tNMO66iv9b4_b8p6k-csD"/></outline>
    </body></opml>`;
    expect(readSubscriptionFile(folders).groups).toEqual([
      { name: 'Bois', channelIds: ['UCU89K1D5a0HECbLMQsNcCGc'] },
      { name: 'Cuisine', channelIds: ['UC_tNMO66iv9b4_b8p6k-csD'] },
    ]);
    expect(readSubscriptionFile(fixture('youtube-subscriptions.opml').toString('utf8')).groups).toEqual([]);
  });
});

describe('POST /api/visitor/subscriptions/import', () => {
  it('records the Takeout CSV channels at once, reads their feeds in the background once, and remembers failures', async () => {
    const visitor = await visitorWithList();
    await t.app.inject({ method: 'POST', url: '/api/visitor/follow', headers: visitor, payload: { chaine: LE_FIL_ACTU } });
    youtube.delayMs = 3000;
    const response = await importFile(visitor, fixture('takeout-subscriptions.csv'));
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.format).toBe('takeout-csv');
    // Answered before YouTube was asked anything: every channel is followed under the file's name.
    expect(report.followed).toEqual([
      { id: 'UCU89K1D5a0HECbLMQsNcCGc', name: 'Atelier Bois Paris' },
      { id: 'UCtd76LCNUH1lS-2wLfKkaVE', name: 'Histoire en Bref, le podcast' },
      { id: UNKNOWN, name: 'Chaîne Disparue' },
      { id: FAILING, name: 'Chaîne En Panne' },
    ]);
    expect(report.pending).toEqual(report.followed);
    expect(report.alreadyFollowed).toEqual([{ id: LE_FIL_ACTU, name: 'Le Fil Actu' }]);
    expect(report.unknown).toEqual([]);
    expect(await followedIds(visitor)).toEqual([LE_FIL_ACTU, 'UCU89K1D5a0HECbLMQsNcCGc', 'UCtd76LCNUH1lS-2wLfKkaVE', UNKNOWN, FAILING].sort());
    youtube.delayMs = 0;

    await feedsRead();
    // The channel YouTube does not know leaves the list; the failing one stays, to be read later.
    expect(await followedIds(visitor)).toEqual([LE_FIL_ACTU, 'UCU89K1D5a0HECbLMQsNcCGc', 'UCtd76LCNUH1lS-2wLfKkaVE', FAILING].sort());
    const me = (await t.app.inject({ url: '/api/visitor/me', headers: visitor })).json();
    expect(me.liste.chaines.map((c: { name: string }) => c.name)).toContain('Histoire en Bref');

    // Whoever imports the same file again, YouTube is not asked again about any of them.
    const asked = [UNKNOWN, FAILING, 'UCU89K1D5a0HECbLMQsNcCGc'].map(feedRequests);
    expect(asked).toEqual([1, 1, 1]);
    const other = await visitorWithList();
    const again = (await importFile(other, fixture('takeout-subscriptions.csv'))).json();
    expect(again.unknown).toEqual([{ name: 'Chaîne Disparue', source: UNKNOWN }]);
    expect(again.failed).toEqual([{ id: FAILING, name: 'Chaîne En Panne', message: expect.stringContaining('YouTube') }]);
    expect(again.followed.map((c: { id: string }) => c.id)).toEqual(['UCU89K1D5a0HECbLMQsNcCGc', 'UCtd76LCNUH1lS-2wLfKkaVE', LE_FIL_ACTU]);
    expect(again.pending).toEqual([]);
    await feedsRead();
    expect([UNKNOWN, FAILING, 'UCU89K1D5a0HECbLMQsNcCGc'].map(feedRequests)).toEqual(asked);
  });

  it.each(['youtube-subscriptions.opml', 'freetube-subscriptions.opml', 'invidious-subscriptions.opml', 'freetube-subscriptions.db'])(
    'follows every channel of %s',
    async (name) => {
      const visitor = await visitorWithList();
      const expected = readSubscriptionFile(fixture(name).toString('utf8')).entries.map((e) => e.channelId as string);
      const report = (await importFile(visitor, fixture(name))).json();
      expect(report.followed.map((c: { id: string }) => c.id)).toEqual(expected);
      expect(await followedIds(visitor)).toEqual([...expected].sort());
    },
  );

  it('reports a NewPipe channel of another service (SoundCloud) as unknown', async () => {
    const visitor = await visitorWithList();
    const report = (await importFile(visitor, fixture('newpipe-subscriptions.json'))).json();
    expect(report.followed.map((c: { name: string }) => c.name)).toEqual(['Histoire en Bref', 'Astronomie Pratique']);
    expect(report.unknown).toEqual([{ name: 'Radio Nova', source: 'https://soundcloud.com/radio-nova' }]);
  });

  it('a second import of the same file follows nothing new', async () => {
    const visitor = await visitorWithList();
    await importFile(visitor, fixture('youtube-subscriptions.opml'));
    const again = (await importFile(visitor, fixture('youtube-subscriptions.opml'))).json();
    expect(again.followed).toEqual([]);
    expect(again.alreadyFollowed.map((c: { name: string }) => c.name)).toEqual(['Cuisine Zéro Déchet', 'Astronomie Pratique']);
  });

  it('answers a file of 200 made-up channels at once, and reads their feeds a few at a time', async () => {
    const visitor = await visitorWithList();
    const ids = Array.from({ length: 200 }, (_, i) => `UCmadeup${String(i).padStart(16, '0')}`);
    youtube.maxInFlight = 0;
    const csv = `Channel Id,Channel Url,Channel Title\n${ids.map((id, i) => `${id},http://www.youtube.com/channel/${id},Faux ${i}`).join('\n')}\n`;
    const report = (await importFile(visitor, csv)).json();
    expect(report.followed).toHaveLength(200);
    await feedsRead();
    expect(youtube.maxInFlight).toBeLessThanOrEqual(4);
    expect(await followedIds(visitor)).toEqual([]);
    // Sent again: every one of them is now known to be missing; YouTube is not asked again.
    const before = youtube.requests.length;
    const again = (await importFile(visitor, csv)).json();
    expect(again.unknown).toHaveLength(200);
    await feedsRead();
    expect(youtube.requests.length).toBe(before);
  });

  it('records a file of several statements whole and in its order: channels, a group of them all, saved and hidden videos', async () => {
    const visitor = await visitorWithList();
    // More rows than one statement takes on either engine (ROWS_PER_STATEMENT): several statements.
    const ids = Array.from({ length: 1000 }, (_, i) => `UCordre${String(i).padStart(17, '0')}`);
    const videos = (kind: string) => Array.from({ length: 1200 }, (_, i) => `${kind}${String(i).padStart(10, '0')}`);
    const file = toNewPipeJson(
      ids.map((id, i) => ({ youtubeId: id, name: `Ordre ${i}` })),
      { groups: [{ name: 'Toutes', chaines: [...ids].reverse() }], plusTard: videos('l'), masquees: videos('m') },
    );
    // Their feeds are slow to come: the channels stay on the list while this test reads it.
    youtube.delayMs = 3000;
    try {
      const report = (await importFile(visitor, file)).json();
      expect(report.followed.map((c: { id: string }) => c.id)).toEqual(ids);
      const mine = (await t.app.inject({ url: '/api/visitor/me', headers: visitor })).json();
      expect(mine.plusTard).toEqual(videos('l'));
      expect(mine.masquees).toEqual(videos('m'));
      // A channel whose feed came back missing meanwhile leaves the group; the rest keep the file's order.
      const group = mine.groupes.find((g: { name: string }) => g.name === 'Toutes');
      expect(group.chaines.length).toBeGreaterThan(900);
      expect(group.chaines).toEqual([...ids].reverse().filter((id) => group.chaines.includes(id)));
    } finally {
      youtube.delayMs = 0;
    }
    await feedsRead();
  });

  it(`takes ${IMPORTS_PER_HOUR} imports a visitor an hour, then answers 429`, async () => {
    const visitor = await visitorWithList();
    const statuses: number[] = [];
    for (let i = 0; i <= IMPORTS_PER_HOUR; i += 1) statuses.push((await importFile(visitor, fixture('youtube-subscriptions.opml'))).statusCode);
    expect(statuses.slice(0, IMPORTS_PER_HOUR).every((status) => status === 200)).toBe(true);
    const refused = await importFile(visitor, fixture('youtube-subscriptions.opml'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('heure');
  });

  it('brings groups, later and hidden videos in and takes them out again', async () => {
    const visitor = await visitorWithList();
    const report = (await importFile(visitor, fixture('freetube-subscriptions.db'))).json();
    expect(report.groupes).toEqual(['Sciences']);
    await feedsRead();
    expect((await t.app.inject({ method: 'POST', url: '/api/visitor/videos/vid1aaaaaaa', headers: visitor, payload: { etat: 'plus tard' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/visitor/videos/vid4aaaaaaa', headers: visitor, payload: { etat: 'masquée' } })).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/visitor/groupes/${encodeURIComponent('Bois & vélo')}`,
      headers: visitor,
      payload: { chaines: ['UCU89K1D5a0HECbLMQsNcCGc', 'UC-w0A2c_MLpjN-E8A4r_knO'] },
    });
    const mine = (await t.app.inject({ url: '/api/visitor/me', headers: visitor })).json();
    for (const format of ['opml', 'newpipe', 'freetube']) {
      const exported = await t.app.inject({ url: `/api/visitor/subscriptions/export?format=${format}`, headers: visitor });
      const other = await visitorWithList();
      expect((await importFile(other, exported.rawPayload)).statusCode).toBe(200);
      const theirs = (await t.app.inject({ url: '/api/visitor/me', headers: other })).json();
      expect({ format, groupes: theirs.groupes, plusTard: theirs.plusTard, masquees: theirs.masquees }).toEqual({
        format,
        groupes: mine.groupes,
        plusTard: ['vid1aaaaaaa'],
        masquees: ['vid4aaaaaaa'],
      });
      expect(await followedIds(other)).toEqual(await followedIds(visitor));
    }
  });

  it.each([
    ['broken XML', '<opml><body><outline xmlUrl="x"'],
    ['XML that is no OPML', '<?xml version="1.0"?><rss><channel/></rss>'],
    ['JSON without subscriptions', '{"app_version":"0.27.6"}'],
    ['broken JSON', '{"subscriptions": ['],
    ['a CSV without channel ids', 'Nom,Adresse\nDupont,12 rue des Lilas\n'],
    ['an empty file', '   \n'],
  ])('refuses %s with a French error on file, and changes nothing', async (_name, body) => {
    const visitor = await visitorWithList();
    const response = await importFile(visitor, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field: 'file', message: expect.stringContaining("Rien n'a été modifié") });
    expect(await followedIds(visitor)).toEqual([]);
  });

  it('refuses a file that is not UTF-8 text', async () => {
    const visitor = await visitorWithList();
    const response = await importFile(visitor, Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x82]));
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('file');
  });

  it('parses in a thread of lower priority than the API (Linux: its own nice value)', async () => {
    const visitor = await visitorWithList();
    expect((await importFile(visitor, fixture('youtube-subscriptions.opml'))).statusCode).toBe(200);
    // Field 19 (nice) counts from the first after the command's closing parenthesis (field 3).
    const niceOf = (statFile: string) => {
      const stat = readFileSync(statFile, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const nices = readdirSync(`/proc/${process.pid}/task`).map((tid) => niceOf(`/proc/${process.pid}/task/${tid}/stat`));
    expect(nices).toContain(PARSE_THREAD_NICE);
    // The thread this test runs on is the event loop's, the API's: it keeps its priority.
    expect(niceOf('/proc/thread-self/stat')).toBe(0);
  });

  it('refuses an oversized file with a 413, and changes nothing', async () => {
    const visitor = await visitorWithList();
    const line = `${Object.keys(SERVED)[0]},http://www.youtube.com/channel/${Object.keys(SERVED)[0]},Atelier\n`;
    const response = await importFile(visitor, line.repeat(Math.ceil(SUBSCRIPTIONS_MAX_BYTES / line.length) + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ field: 'file', message: expect.stringContaining('Mio') });
    expect(await followedIds(visitor)).toEqual([]);
  });

  it('refuses a file of more than 1000 channels, and changes nothing', async () => {
    const visitor = await visitorWithList();
    const id = Object.keys(SERVED)[0];
    const response = await importFile(visitor, `Channel Id,Channel Url,Channel Title\n${`${id},,x\n`.repeat(1001)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('1000');
    expect(await followedIds(visitor)).toEqual([]);
  });

  it('needs a visitor token (401) and a list (409)', async () => {
    expect((await importFile({}, fixture('youtube-subscriptions.opml'))).statusCode).toBe(401);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/rtEvent/new',
      payload: { path: 'api/rtEvent/new', email: 'sansliste@example.org', name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
    });
    const response = await importFile({ 'x-visitor-token': signup.json().tokenAc }, fixture('youtube-subscriptions.opml'));
    expect(response.statusCode).toBe(409);
  });
});

describe('rate limits', () => {
  it('limits imports as every public write, per address (PUBLIC_WRITE_RATE_LIMIT)', async () => {
    const limited = await createTestApp({ YOUTUBE_FEED_URL: youtube.url, PUBLIC_WRITE_RATE_LIMIT: '2' });
    try {
      // Without a token every import is refused (401), but it still counts against the limit.
      const send = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/visitor/subscriptions/import',
          headers: { 'content-type': 'application/octet-stream' },
          payload: fixture('youtube-subscriptions.opml'),
          remoteAddress,
        });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await send('10.16.0.1')).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
      expect((await send('10.16.0.2')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/visitor/subscriptions/export', () => {
  it.each([
    ['opml', 'text/x-opml', '.opml'],
    ['newpipe', 'application/json', '-newpipe.json'],
    ['freetube', 'application/x-ndjson', '-freetube.db'],
  ])('exports %s that another visitor imports back whole', async (format, type, extension) => {
    const visitor = await visitorWithList();
    await importFile(visitor, fixture('freetube-subscriptions.db'));
    const exported = await t.app.inject({ url: `/api/visitor/subscriptions/export?format=${format}`, headers: visitor });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain(type);
    expect(exported.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="abonnements-Abonnements\\d+${extension}"`));
    const other = await visitorWithList();
    const report = (await importFile(other, exported.rawPayload)).json();
    expect(report.format).toBe(format);
    expect(await followedIds(other)).toEqual(await followedIds(visitor));
    expect(report.followed.map((c: { name: string }) => c.name).sort()).toEqual(['Atelier Bois Paris', 'Jardin Vertical', 'Vélo Urbain']);
  });

  it('refuses an unknown format and a missing token', async () => {
    const visitor = await visitorWithList();
    const bad = await t.app.inject({ url: '/api/visitor/subscriptions/export?format=csv', headers: visitor });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('format');
    expect((await t.app.inject({ url: '/api/visitor/subscriptions/export' })).statusCode).toBe(401);
  });
});
