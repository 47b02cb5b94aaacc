import { createTestApp } from '../server/testing/testApp';
import { compare, loop, type BenchOptions } from './measure';

const VIDEO_IDS = ['pTLdavAs3Db', 'vvx363hCcf7', '-uJyP7rnMXn', 'eV7O9-nmHh-'];
const LABELS = ['Objectivité', 'Information', 'Motivation'];

/**
 * A rating through the whole API (rate limit, validation, upsert, the video's averages in
 * the answer) against the same upsert and aggregate run straight on the database.
 */
export default async function ratingsBench(options: BenchOptions): Promise<void> {
  const operations = options.quick ? 200 : 2000;
  const t = await createTestApp({ PUBLIC_WRITE_RATE_LIMIT: '100000' });
  try {
    const rating = (i: number) => ({
      label: LABELS[i % 3],
      videourl: `https://www.youtube.com/watch?v=${VIDEO_IDS[i % VIDEO_IDS.length]}`,
      rating: (i % 5) + 1,
      email: `visiteur${i % 500}@example.org`,
      recipientid: 1,
    });
    const ours = loop(operations, (i) => t.app.inject({ method: 'POST', url: '/api/video/rating', payload: rating(i) }));
    const raw = loop(operations, async (i) => {
      const r = rating(i + 1);
      const videoId = VIDEO_IDS[(i + 1) % VIDEO_IDS.length];
      await t.db.query(
        `INSERT INTO video_rating (video_id, video_url, label, rating, email, recipient_id) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (video_id, label, email) DO UPDATE SET rating = EXCLUDED.rating, updated = now()`,
        [videoId, r.videourl, r.label, r.rating, r.email, 1],
      );
      await t.db.query(
        'SELECT label, round(avg(rating), 2)::float8 AS average, count(*)::int AS count FROM video_rating WHERE video_id = $1 GROUP BY label',
        [videoId],
      );
    });
    await compare(
      `video rating (${t.db.kind} database, in memory; light-my-request, no socket on either side)`,
      'ratings/s',
      { label: 'POST /api/video/rating (inject: routing, validation, upsert)', run: ours },
      { label: 'the same upsert + aggregate on the database', run: raw },
      options.rounds,
    );
  } finally {
    await t.close();
  }
}
