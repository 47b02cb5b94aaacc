import { startApiTest, type ApiTest } from '../../testing/requests';

let { t, api, admin, operator, operatorId } = {} as ApiTest;

/** Four creators: two crypto, one bourse (all followed), one coding that nobody follows. */
const CHANNELS = [
  { id: 'UCaudienceaudienceaudi01', name: 'Alpha Crypto', theme: 'crypto' },
  { id: 'UCaudienceaudienceaudi02', name: 'Béta Monnaie', theme: 'crypto' },
  { id: 'UCaudienceaudienceaudi03', name: 'Cours de Bourse', theme: 'bourse' },
  { id: 'UCaudienceaudienceaudi04', name: 'Delta Code', theme: 'coding' },
];
const [ALPHA, BETA, BOURSE, CODE] = CHANNELS;
const UNKNOWN = 'UCinconnuinconnuinconnu0';

/** The figures as a plain SQL count on the same tables would give them, one creator. */
async function plainFigures(channelId: string) {
  const [row] = await t.db.query<Record<string, number>>(
    `SELECT
       (SELECT count(*) FROM creator_list_channel lc JOIN creator_list l ON l.id = lc.list_id JOIN channel c ON c.id = lc.channel_id
         WHERE c.youtube_id = $1 AND l.visitor_id IS NOT NULL)::int AS followers,
       (SELECT count(*) FROM creator_list_channel lc JOIN creator_list l ON l.id = lc.list_id JOIN channel c ON c.id = lc.channel_id
         WHERE c.youtube_id = $1 AND l.visitor_id IS NOT NULL AND lc.created > now() - interval '7 days')::int AS new7,
       (SELECT count(*) FROM creator_list_channel lc JOIN creator_list l ON l.id = lc.list_id JOIN channel c ON c.id = lc.channel_id
         WHERE c.youtube_id = $1 AND l.visitor_id IS NOT NULL AND lc.created > now() - interval '30 days')::int AS new30,
       (SELECT count(*) FROM creator_list_channel lc JOIN creator_list l ON l.id = lc.list_id JOIN channel c ON c.id = lc.channel_id
         JOIN visitor v ON v.id = l.visitor_id
         WHERE c.youtube_id = $1 AND v.digest <> 'aucun' AND v.email_confirmed_at IS NOT NULL)::int AS digest`,
    [channelId],
  );
  const ratings = await t.db.query<{ label: string; average: number; count: number }>(
    `SELECT r.label, round(avg(r.rating), 2)::float8 AS average, count(*)::int AS count
     FROM video_rating r JOIN video v ON v.id = r.video_id JOIN channel c ON c.id = v.channel_id
     WHERE c.youtube_id = $1 GROUP BY r.label`,
    [channelId],
  );
  const best = await t.db.query<{ id: string; title: string; average: number; count: number }>(
    `SELECT v.id, v.title, round(avg(r.rating), 2)::float8 AS average, count(*)::int AS count
     FROM video v JOIN channel c ON c.id = v.channel_id JOIN video_rating r ON r.video_id = v.id
     WHERE c.youtube_id = $1 AND v.published > now() - interval '7 days'
     GROUP BY v.id, v.title ORDER BY average DESC, count DESC, v.id LIMIT 3`,
    [channelId],
  );
  const criterion = (label: string) => {
    const found = ratings.find((r) => r.label === label);
    return { average: found?.average ?? null, count: found?.count ?? 0 };
  };
  return {
    followers: row.followers,
    newFollowers7: row.new7,
    newFollowers30: row.new30,
    digestSubscribers: row.digest,
    ratings: { Objectivité: criterion('Objectivité'), Information: criterion('Information'), Motivation: criterion('Motivation') },
    bestVideos: best,
  };
}

beforeAll(async () => {
  ({ t, api, admin, operator, operatorId } = await startApiTest());
  for (const channel of CHANNELS) {
    await t.db.query('INSERT INTO channel (youtube_id, name, theme) VALUES ($1, $2, $3)', [channel.id, channel.name, channel.theme]);
  }
  // 40 visitors, each with a list; one in three asks for a digest, one in two of those confirmed.
  await t.db.query(
    `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name, digest, email_confirmed_at)
     SELECT 'audience' || n || '@example.org', 'audience-hash-' || n, true, 'optin_grp', 'default',
            CASE WHEN n % 3 = 0 THEN 'quotidien' WHEN n % 3 = 1 THEN 'aucun' ELSE 'hebdomadaire' END,
            CASE WHEN n % 2 = 0 THEN now() END
     FROM generate_series(1, 40) AS n`,
  );
  await t.db.query(`INSERT INTO creator_list (name, visitor_id) SELECT 'audience-liste-' || id, id FROM visitor WHERE email LIKE 'audience%'`);
  // Follows at various ages: visitor n follows Alpha always, Béta when n is even, Bourse when n % 5 = 0.
  await t.db.query(
    `INSERT INTO creator_list_channel (list_id, channel_id, created)
     SELECT l.id, c.id, now() - ((v.id * 3 + c.id) % 60) * interval '1 day' - interval '1 hour'
     FROM visitor v JOIN creator_list l ON l.visitor_id = v.id
     JOIN channel c ON c.youtube_id = ANY ($1::text[])
     WHERE v.email LIKE 'audience%'
       AND (c.youtube_id = $2 OR (c.youtube_id = $3 AND v.id % 2 = 0) OR (c.youtube_id = $4 AND v.id % 5 = 0))`,
    [[ALPHA.id, BETA.id, BOURSE.id], ALPHA.id, BETA.id, BOURSE.id],
  );
  // A list of the home cards (no visitor) holds Alpha and Delta: not a follower.
  const [home] = await t.db.query<{ id: number }>("INSERT INTO creator_list (name) VALUES ('Cartes audience') RETURNING id");
  await t.db.query('INSERT INTO creator_list_channel (list_id, channel_id) SELECT $1, id FROM channel WHERE youtube_id = ANY ($2::text[])', [
    home.id,
    [ALPHA.id, CODE.id],
  ]);
  // Six videos a creator, one published every 2 days, and ratings from the visitors.
  await t.db.query(
    `INSERT INTO video (id, channel_id, title, published)
     SELECT 'aud' || c.id || 'v' || k, c.id, c.name || ', épisode ' || k, now() - (k * 2) * interval '1 day' - interval '1 hour'
     FROM channel c CROSS JOIN generate_series(1, 6) AS k WHERE c.youtube_id = ANY ($1::text[])`,
    [CHANNELS.map((c) => c.id)],
  );
  await t.db.query(
    `INSERT INTO video_rating (video_id, video_url, label, rating, email, recipient_id, created)
     SELECT vi.id, 'https://www.youtube.com/watch?v=' || vi.id, lab.label, 1 + (n * 7 + length(vi.id) + lab.k) % 5,
            'noteur' || n || '@example.org', 1, now() - ((n + lab.k) % 90) * interval '1 day'
     FROM video vi CROSS JOIN generate_series(1, 9) AS n
     CROSS JOIN (VALUES (1, 'Objectivité'), (2, 'Information'), (3, 'Motivation')) AS lab (k, label)
     WHERE vi.id LIKE 'aud%' AND (n + lab.k + length(vi.title)) % 3 <> 0`,
  );
  // A rating of a video no channel of ours holds counts for nobody.
  await t.db.query(
    "INSERT INTO video_rating (video_id, video_url, label, rating, email, recipient_id) VALUES ('horsCatalog', 'https://youtu.be/horsCatalog', 'Motivation', 5, 'x@example.org', 1)",
  );
  // The operator's categories: crypto only.
  expect((await api.post('/api/categories', admin, { name: 'crypto', user: operatorId })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('GET /api/audience', () => {
  it('answers, per creator visitors follow, figures equal to plain SQL counts on the same data', async () => {
    const response = await api.get('/api/audience', admin);
    expect(response.statusCode).toBe(200);
    const collection = response.json();
    expect(collection['@type']).toBe('hydra:Collection');
    expect(collection['hydra:totalItems']).toBe(3);
    const members = collection['hydra:member'] as { channelId: string; '@id': string }[];
    // Nobody follows Delta (a home card list is not a visitor): it is not listed.
    expect(members.map((m) => m.channelId).sort()).toEqual([ALPHA.id, BETA.id, BOURSE.id].sort());
    for (const member of members) {
      expect(member['@id']).toBe(`/api/audience/${member.channelId}`);
      expect(member).toMatchObject(await plainFigures(member.channelId));
    }
    const alpha = members.find((m) => m.channelId === ALPHA.id) as unknown as { followers: number; newFollowers7: number; digestSubscribers: number; bestVideos: unknown[] };
    // The seed is not trivial: every figure is neither zero nor everything.
    expect(alpha.followers).toBe(40);
    expect(alpha.newFollowers7).toBeGreaterThan(0);
    expect(alpha.newFollowers7).toBeLessThan(40);
    expect(alpha.digestSubscribers).toBeGreaterThan(0);
    expect(alpha.digestSubscribers).toBeLessThan(40);
    expect(alpha.bestVideos.length).toBe(3);
    // Sorted by followers, most first, by default.
    expect(members.map((m) => m.channelId)).toEqual([ALPHA.id, BETA.id, BOURSE.id]);
    expect(collection.categories).toEqual(['bourse', 'coding', 'crypto']);
  });

  it('sorts on the figures and the criteria, filters by category and name, and pages', async () => {
    const ids = async (query: string) => ((await api.get(`/api/audience?${query}`, admin)).json()['hydra:member'] as { channelId: string }[]).map((m) => m.channelId);
    expect(await ids('order[followers]=asc')).toEqual([BOURSE.id, BETA.id, ALPHA.id]);
    expect(await ids('order[name]=desc')).toEqual([BOURSE.id, BETA.id, ALPHA.id]);
    expect(await ids('order[theme]=asc&order[followers]=asc')).toEqual([BOURSE.id, BETA.id, ALPHA.id]);
    const members = (await api.get('/api/audience', admin)).json()['hydra:member'] as { channelId: string; ratings: Record<string, { average: number }> }[];
    const byMotivation = [...members].sort((a, b) => b.ratings.Motivation.average - a.ratings.Motivation.average || 0).map((m) => m.channelId);
    expect(await ids(`order[${encodeURIComponent('ratings.Motivation')}]=desc`)).toEqual(byMotivation);
    expect(await ids('category=crypto')).toEqual([ALPHA.id, BETA.id]);
    expect(await ids('category=coding')).toEqual([]);
    // The name without its accent or case.
    expect(await ids('search=BETA')).toEqual([BETA.id]);
    const page = (await api.get('/api/audience?itemsPerPage=1&page=2', admin)).json();
    expect(page['hydra:member'].map((m: { channelId: string }) => m.channelId)).toEqual([BETA.id]);
    expect(page['hydra:totalItems']).toBe(3);
    expect(page['hydra:view']['hydra:next']).toBe('/api/audience?itemsPerPage=1&page=3');
    const past = (await api.get('/api/audience?itemsPerPage=2&page=5', admin)).json();
    expect(past['hydra:member']).toEqual([]);
    expect(past['hydra:totalItems']).toBe(3);
  });

  it('shows an operator only the creators whose theme is one of their categories', async () => {
    const collection = (await api.get('/api/audience', operator)).json();
    expect(collection['hydra:member'].map((m: { channelId: string }) => m.channelId)).toEqual([ALPHA.id, BETA.id]);
    expect(collection.categories).toEqual(['crypto']);
    // Asking for another category does not widen the scope.
    expect((await api.get('/api/audience?category=bourse', operator)).json()['hydra:totalItems']).toBe(0);
    const other = await t.db.query<{ id: number }>("INSERT INTO app_user (email, password_hash) VALUES ('sans-categorie@tgm.local', 'x') RETURNING id");
    const stranger = await t.signIn(other[0].id);
    expect((await api.get('/api/audience', stranger)).json()['hydra:totalItems']).toBe(0);
  });

  it('refuses bad input with a French 400 naming the field, and strangers with a 401', async () => {
    const bad = async (query: string, field: string) => {
      const response = await api.get(`/api/audience?${query}`, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe(field);
    };
    await bad('order[followers]=up', 'order[followers]');
    await bad('itemsPerPage=0', 'itemsPerPage');
    await bad('page=1e309', 'page');
    expect((await api.get('/api/audience')).statusCode).toBe(401);
  });
});

describe('GET /api/audience/{channelId}', () => {
  it('answers the creator’s figures and its weekly series', async () => {
    const response = await api.get(`/api/audience/${ALPHA.id}`, operator);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ channelId: ALPHA.id, name: ALPHA.name, theme: 'crypto', ...(await plainFigures(ALPHA.id)) });
    const weeks = detail.weeks as { week: string; followers: number; newFollowers: number; ratingsCount: number; average: number | null }[];
    expect(weeks.length).toBeGreaterThan(8);
    expect(weeks.length).toBeLessThanOrEqual(26);
    for (const week of weeks) {
      expect(week.week).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Mondays.
      expect(new Date(`${week.week}T12:00:00Z`).getUTCDay()).toBe(1);
    }
    // Every follow is less than 26 weeks old: the weeks' new followers add up to today's.
    expect(weeks.reduce((sum, week) => sum + week.newFollowers, 0)).toBe(detail.followers);
    expect(weeks[weeks.length - 1].followers).toBe(detail.followers);
    const [rated] = await t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM video_rating r JOIN video v ON v.id = r.video_id JOIN channel c ON c.id = v.channel_id
       WHERE c.youtube_id = $1 AND r.created >= $2::date`,
      [ALPHA.id, weeks[0].week],
    );
    expect(weeks.reduce((sum, week) => sum + week.ratingsCount, 0)).toBe(rated.count);
  });

  it('answers a creator nobody follows, with no followers and its ratings', async () => {
    const detail = (await api.get(`/api/audience/${CODE.id}`, admin)).json();
    expect(detail).toMatchObject({ channelId: CODE.id, followers: 0, newFollowers7: 0, digestSubscribers: 0 });
    expect(detail.ratings.Objectivité.count).toBeGreaterThan(0);
    expect(detail.weeks.every((week: { followers: number }) => week.followers === 0)).toBe(true);
  });

  it('refuses a malformed id (400 naming channelId), an unknown one (404) and another category’s creator (403)', async () => {
    const malformed = await api.get('/api/audience/pas-une-chaine', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('channelId');
    const unknown = await api.get(`/api/audience/${UNKNOWN}`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`Créateur ${UNKNOWN} introuvable.`);
    const foreign = await api.get(`/api/audience/${BOURSE.id}`, operator);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toContain('bourse');
    expect((await api.get(`/api/audience/${BOURSE.id}`, admin)).statusCode).toBe(200);
  });
});

describe('the CSV export', () => {
  const lines = (body: string) => body.replace(/^\uFEFF/, '').trim().split('\r\n');

  it('writes the same figures, in the same scope, filter and order, with a bearer', async () => {
    const response = await api.get('/api/audience.csv?order[name]=asc', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = lines(response.body);
    expect(header.split(';').slice(0, 4)).toEqual(['Créateur', 'Chaîne', 'Catégorie', 'Abonnés']);
    expect(rows.map((row) => row.split(';')[1])).toEqual([ALPHA.id, BETA.id, BOURSE.id]);
    const plain = await plainFigures(ALPHA.id);
    expect(rows[0].split(';').slice(3, 7).map(Number)).toEqual([plain.followers, plain.newFollowers7, plain.newFollowers30, plain.digestSubscribers]);
    // A decimal comma, quoted: a reader splitting on commas keeps the cell whole.
    expect(rows[0].split(';')[7]).toBe(`"${String(plain.ratings.Objectivité.average).replace('.', ',')}"`);
    const mine = lines((await api.get('/api/audience.csv', operator)).body);
    expect(mine.slice(1).map((row) => row.split(';')[1])).toEqual([ALPHA.id, BETA.id]);
    expect(lines((await api.get('/api/audience.csv?category=bourse&separator=,', admin)).body)[1].split(',')[1]).toBe(BOURSE.id);
  });

  it('follows a one-minute link once, with the filters it was made for', async () => {
    const link = await api.post('/api/audience.csv/download', operator, { category: 'crypto', 'order[followers]': 'asc' });
    expect(link.statusCode).toBe(201);
    const { url } = link.json();
    const followed = await api.get(url);
    expect(followed.statusCode).toBe(200);
    expect(lines(followed.body).slice(1).map((row) => row.split(';')[1])).toEqual([BETA.id, ALPHA.id]);
    expect((await api.get(url)).statusCode).toBe(401);
    const another = (await api.post('/api/audience.csv/download', operator, {})).json();
    expect((await api.get(`${another.url}&category=bourse`)).statusCode).toBe(401);
    expect((await api.get('/api/audience.csv')).statusCode).toBe(401);
  });
});

// Last: it changes the data the tests above read.
describe('the counts the database keeps', () => {
  const figuresOf = async (channelId: string) => {
    const { followers, newFollowers7, newFollowers30, digestSubscribers, ratings, bestVideos } = (await api.get(`/api/audience/${channelId}`, admin)).json();
    return { followers, newFollowers7, newFollowers30, digestSubscribers, ratings, bestVideos };
  };
  const visitorId = async (n: number) => (await t.db.query<{ id: number }>('SELECT id FROM visitor WHERE email = $1', [`audience${n}@example.org`]))[0].id;

  it('stay equal to plain SQL counts through every way follows, visitors, ratings and videos change', async () => {
    // Unfollows (one statement, several rows) and a follow already there.
    await t.db.query(
      `DELETE FROM creator_list_channel lc USING creator_list l, channel c
       WHERE l.id = lc.list_id AND c.id = lc.channel_id AND c.youtube_id = $1 AND l.visitor_id IN (SELECT id FROM visitor WHERE email IN ('audience2@example.org', 'audience4@example.org'))`,
      [BETA.id],
    );
    await t.db.query(
      `INSERT INTO creator_list_channel (list_id, channel_id) SELECT l.id, c.id FROM creator_list l, channel c
       WHERE l.visitor_id = $1 AND c.youtube_id = $2 ON CONFLICT DO NOTHING`,
      [await visitorId(1), ALPHA.id],
    );
    // A visitor starts receiving the digest, another stops, a third is erased (their list stays, ownerless).
    await t.db.query("UPDATE visitor SET digest = 'quotidien', email_confirmed_at = now() WHERE id = $1", [await visitorId(1)]);
    await t.db.query("UPDATE visitor SET digest = 'aucun' WHERE id = $1", [await visitorId(12)]);
    await t.db.query('DELETE FROM visitor WHERE id = $1', [await visitorId(6)]);
    // A visitor's list deleted; the home cards' list given to a visitor who receives the digest.
    await t.db.query('DELETE FROM creator_list WHERE visitor_id = $1', [await visitorId(10)]);
    const [cards] = await t.db.query<{ id: number }>(
      `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name, digest, email_confirmed_at)
       VALUES ('audience-cartes@example.org', 'audience-cartes', true, 'optin_grp', 'default', 'hebdomadaire', now()) RETURNING id`,
    );
    await t.db.query("UPDATE creator_list SET visitor_id = $1 WHERE name = 'Cartes audience'", [cards.id]);
    // Ratings changed, removed; a rating of a video no feed brought yet, then its video.
    await t.db.query("UPDATE video_rating SET rating = 6 - rating WHERE email = 'noteur3@example.org'");
    await t.db.query("DELETE FROM video_rating WHERE email = 'noteur4@example.org' AND label = 'Information'");
    // The rating route's upsert: some rows new, others changed, in one statement.
    await t.db.query(
      `INSERT INTO video_rating (video_id, video_url, label, rating, email, recipient_id)
       SELECT id, 'https://www.youtube.com/watch?v=' || id, 'Motivation', 1, 'noteur5@example.org', 1 FROM video WHERE id LIKE 'aud%'
       ON CONFLICT (video_id, label, email) DO UPDATE SET rating = EXCLUDED.rating, updated = now()`,
    );
    await t.db.query("INSERT INTO video (id, channel_id, title, published) SELECT 'horsCatalog', id, 'Arrivée tard', now() FROM channel WHERE youtube_id = $1", [BOURSE.id]);
    // A video removed takes its ratings' counts along (the ratings stay, for no creator).
    await t.db.query("DELETE FROM video WHERE id = (SELECT min(id) FROM video WHERE id LIKE 'aud%' AND channel_id = (SELECT id FROM channel WHERE youtube_id = $1))", [ALPHA.id]);

    for (const channel of CHANNELS) expect({ channel: channel.id, ...(await figuresOf(channel.id)) }).toEqual({ channel: channel.id, ...(await plainFigures(channel.id)) });
    // Delta is followed now (the home cards' list has an owner): listed, and the new followers sort every creator.
    const members = (await api.get('/api/audience?order[newFollowers7]=desc', admin)).json()['hydra:member'] as { channelId: string; newFollowers7: number }[];
    expect(members.map((m) => m.channelId).sort()).toEqual(CHANNELS.map((c) => c.id).sort());
    const sevens = members.map((m) => m.newFollowers7);
    expect(sevens).toEqual([...sevens].sort((a, b) => b - a));
    for (const member of members) expect(member.newFollowers7).toBe((await plainFigures(member.channelId)).newFollowers7);
  });
});
