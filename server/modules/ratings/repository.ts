import type { Queryable } from '../../db/db';
import { RATING_LABELS, type RatingLabel } from './schemas';

export interface Rating {
  videoId: string;
  videoUrl: string;
  label: RatingLabel;
  rating: number;
  email: string;
  recipientId: number;
}

/** Stores a rating, replacing the same e-mail's earlier one on that video and criterion; true when new. */
export async function saveRating(db: Queryable, rating: Rating): Promise<boolean> {
  const [row] = await db.query<{ inserted: boolean }>(
    `INSERT INTO video_rating (video_id, video_url, label, rating, email, recipient_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (video_id, label, email) DO UPDATE
       SET rating = EXCLUDED.rating, video_url = EXCLUDED.video_url,
           recipient_id = EXCLUDED.recipient_id, updated = now()
     RETURNING (xmax = 0) AS inserted`,
    [rating.videoId, rating.videoUrl, rating.label, rating.rating, rating.email, rating.recipientId],
  );
  return row.inserted;
}

export interface RatingAggregate {
  label: RatingLabel;
  /** Rounded to two decimals; null before the first rating. */
  average: number | null;
  count: number;
}

/** Average and count of each criterion of a video, every criterion listed. */
export async function ratingAggregates(db: Queryable, videoId: string): Promise<RatingAggregate[]> {
  const rows = await db.query<{ label: RatingLabel; average: number; count: number }>(
    `SELECT label, round(avg(rating), 2)::float8 AS average, count(*)::int AS count
     FROM video_rating WHERE video_id = $1 GROUP BY label`,
    [videoId],
  );
  return RATING_LABELS.map((label) => {
    const row = rows.find((r) => r.label === label);
    return { label, average: row?.average ?? null, count: row?.count ?? 0 };
  });
}

/** One person's ratings of a video, by criterion (criteria they did not rate are absent). */
export async function ratingsBy(db: Queryable, videoId: string, email: string): Promise<Partial<Record<RatingLabel, number>>> {
  const rows = await db.query<{ label: RatingLabel; rating: number }>(
    'SELECT label, rating FROM video_rating WHERE video_id = $1 AND email = $2',
    [videoId, email.toLowerCase()],
  );
  return Object.fromEntries(rows.map((row) => [row.label, row.rating]));
}
