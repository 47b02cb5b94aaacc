import type { Queryable } from '../../db/db';

/**
 * The ratings' personal data (issue 38): the ratings an address gave. An erasure keeps each
 * rating without its author (a video's average and count per criterion keep their numbers).
 */
export const ratingsPersonalData = {
  name: 'ratings',
  tables: ['video_rating'] as const,
  async export(tx: Queryable, email: string) {
    const evaluations = await tx.query(
      `SELECT video_id AS "vidéo", video_url AS url, label AS "critère", rating AS note, created AS "crééeLe", updated AS "modifiéeLe"
       FROM video_rating WHERE lower(email) = $1 ORDER BY id`,
      [email],
    );
    return evaluations.length > 0 ? { visiteur: { evaluations } } : {};
  },
  async erase(tx: Queryable, email: string) {
    const rows = await tx.query(`UPDATE video_rating SET email = NULL, recipient_id = 0 WHERE lower(email) = $1 RETURNING id`, [email]);
    return { video_rating: rows.length };
  },
};
