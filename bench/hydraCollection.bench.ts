import { createTestApp } from '../server/testing/testApp';
import { measure, printRatio } from './measure';

/**
 * A page of a hydra collection through the whole API (auth, validation, ownership, JSON-LD)
 * against the same SELECT run straight on the database.
 */
export default async function hydraCollectionBench(): Promise<void> {
  const t = await createTestApp();
  try {
    const admin = await t.adminBearer();
    await t.db.query(
      `INSERT INTO grp (subject, user_id) SELECT 'List ' || n, 1 FROM generate_series(1, 5000) AS n`,
    );
    const ours = await measure('GET /api/grps (page of 30, via HTTP layer)', 1000, () =>
      t.app.inject({ method: 'GET', url: '/api/grps?user=1&actif=1&page=3', headers: admin }),
    );
    const raw = await measure('raw SELECT count + page on the database', 1000, async () => {
      await t.db.query('SELECT count(*)::int FROM grp WHERE user_id = $1 AND actif = $2', [1, 1]);
      await t.db.query(
        'SELECT * FROM grp WHERE user_id = $1 AND actif = $2 ORDER BY id LIMIT 30 OFFSET 60',
        [1, 1],
      );
    });
    printRatio(`hydra collection page (${t.db.kind})`, ours, raw);
  } finally {
    await t.close();
  }
}
