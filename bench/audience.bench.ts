import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { audiencePage } from '../server/modules/audience/repository';
import { enginesFor, type Engine } from './support/engines';
import { startBenchApp } from './support/inProcessApp';
import { latencies, percentile, type BenchOptions } from './measure';

/** Issue 40: `GET /api/audience` answers within this, p95, on both engines. */
const TARGET_P95_MS = 200;
/** Creators a visitor follows. */
const FOLLOWED = 10;
/** Videos a creator has (a feed's 15). */
const VIDEOS = 15;

interface Sizes {
  visitors: number;
  creators: number;
  ratings: number;
  requests: number;
}

/** The data, written straight in SQL: visitors with a list each, their follows over six months, digests, videos, ratings. */
async function seed(db: Awaited<ReturnType<Engine['open']>>, sizes: Sizes): Promise<void> {
  const themes = ['crypto', 'bourse', 'coding', 'actu', 'economie'];
  await db.query(
    `INSERT INTO channel (youtube_id, name, theme)
     SELECT 'UCaudiencebench' || lpad(n::text, 9, '0'), 'Créateur ' || n, ($2::text[])[1 + n % 5] FROM generate_series(1, $1) AS n`,
    [sizes.creators, themes],
  );
  // One in four visitors receives a digest (confirmed, daily or weekly); one in eight asked without confirming.
  await db.query(
    `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name, digest, email_confirmed_at)
     SELECT 'v' || n || '@audience.bench', 'audience-bench-' || n, true, 'optin_grp', 'default',
            CASE WHEN n % 8 < 3 THEN 'quotidien' WHEN n % 8 = 3 THEN 'hebdomadaire' ELSE 'aucun' END,
            CASE WHEN n % 8 < 2 OR n % 8 = 3 THEN now() END
     FROM generate_series(1, $1) AS n`,
    [sizes.visitors],
  );
  await db.query(`INSERT INTO creator_list (name, visitor_id) SELECT 'audience-' || id, id FROM visitor WHERE email LIKE '%@audience.bench'`);
  // Each visitor follows FOLLOWED creators, skewed towards the first ones, since up to 180 days.
  await db.query(
    `INSERT INTO creator_list_channel (list_id, channel_id, created)
     SELECT DISTINCT ON (l.id, c.id) l.id, c.id, now() - ((l.id * 7 + k * 13) % 180) * interval '1 day' - ((l.id + k) % 24) * interval '1 hour'
     FROM creator_list l CROSS JOIN generate_series(0, $1 - 1) AS k
     JOIN channel c ON c.youtube_id = 'UCaudiencebench' || lpad((1 + ((l.id * 31 + k * k * 7 + k) % $2))::text, 9, '0')
     WHERE l.visitor_id IS NOT NULL`,
    [FOLLOWED, sizes.creators],
  );
  await db.query(
    `INSERT INTO video (id, channel_id, title, published)
     SELECT 'ab' || c.id || 'v' || k, c.id, c.name || ', épisode ' || k, now() - k * interval '2 days'
     FROM channel c CROSS JOIN generate_series(1, $1) AS k WHERE c.youtube_id LIKE 'UCaudiencebench%'`,
    [VIDEOS],
  );
  // The ratings: each (video, criterion, rater) once, spread over the videos and six months.
  await db.query(
    `WITH videos AS (SELECT id, row_number() OVER (ORDER BY id) AS i, count(*) OVER () AS total FROM video WHERE id LIKE 'ab%')
     INSERT INTO video_rating (video_id, video_url, label, rating, email, recipient_id, created)
     SELECT v.id, 'https://www.youtube.com/watch?v=' || v.id, (ARRAY['Objectivité', 'Information', 'Motivation'])[1 + n % 3],
            1 + (n * 7 + n / 3) % 5, 'r' || (n / 3) || '@audience.bench', 1, now() - (n % 180) * interval '1 day'
     FROM generate_series(0, $1 - 1) AS n JOIN videos v ON v.i = 1 + (n / 3) % v.total`,
    [sizes.ratings],
  );
  await db.query('ANALYZE channel, visitor, creator_list, creator_list_channel, video, video_rating');
}

async function benchEngine(engine: Engine, dataDir: string, sizes: Sizes): Promise<void> {
  await engine.prepare();
  const t = await startBenchApp(engine, path.join(dataDir, engine.name), { env: { YOUTUBE_FEED_URL: 'http://127.0.0.1:9' } });
  try {
    await seed(t.db, sizes);
    const [counts] = await t.db.query<{ follows: number; ratings: number }>(
      "SELECT (SELECT count(*) FROM creator_list_channel)::int AS follows, (SELECT count(*) FROM video_rating WHERE email LIKE '%@audience.bench')::int AS ratings",
    );
    const admin = await t.bearer(t.config.adminEmail, t.config.adminPassword);
    const get = async (query: string) => {
      const response = await fetch(`${t.url}/api/audience${query}`, { headers: admin });
      if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    console.log(
      `\naudience of ${sizes.visitors} visitors × ${sizes.creators} creators (${counts.follows} follows) × ${counts.ratings} ratings, ${engine.name} database, ` +
        `${sizes.requests} requests a case over HTTP, p95 in ms (target ≤ ${TARGET_P95_MS}); load average ${os.loadavg()[0].toFixed(2)}`,
    );
    const cases: [string, string][] = [
      ['first page (30, most followed first)', ''],
      ['by an average, page 2 of 20', `?itemsPerPage=20&page=2&order[${encodeURIComponent('ratings.Objectivité')}]=desc`],
      ['one category', '?category=crypto&order[newFollowers7]=desc'],
    ];
    for (const [label, query] of cases) {
      const p95 = percentile(await latencies(sizes.requests, () => get(query), 5), 95);
      console.log(`  ${label.padEnd(40)} API ${p95.toFixed(1).padStart(8)}  ${p95 <= TARGET_P95_MS ? 'ok' : 'OVER TARGET'}`);
    }
    // The raw side: the same statement straight on the database (no HTTP, no JSON).
    const raw = await latencies(sizes.requests, () => audiencePage(t.db, { operator: null }, { order: [] }, { limit: 30, offset: 0 }), 5);
    console.log(`  ${'the same statement on the database'.padEnd(40)} DB  ${percentile(raw, 95).toFixed(1).padStart(8)}`);
  } finally {
    await t.close();
  }
}

/**
 * The audience console's collection (issue 40): 10,000 visitors following 10 of 100 creators
 * each, 50,000 ratings of their videos, through the whole API over a socket, on each engine,
 * beside the statement it runs straight on the database.
 */
export default async function audienceBench(options: BenchOptions): Promise<void> {
  const sizes: Sizes = options.quick
    ? { visitors: 500, creators: 20, ratings: 2_000, requests: 20 }
    : { visitors: 10_000, creators: 100, ratings: 50_000, requests: 100 };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-audience-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchEngine(engine, dataDir, sizes);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
