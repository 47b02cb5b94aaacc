import type { Queryable } from '../../db/db';
import type { SocialMediaJson, XSnapshot, YoutubeSnapshot } from './types';

interface StoredRow {
  youtube: YoutubeSnapshot | null;
  youtubeCheckedAt: string | null;
  twitter: XSnapshot | null;
  twitterCheckedAt: string | null;
}

const STORED_COLUMNS = `s.youtube, s.youtube_checked_at AS "youtubeCheckedAt", s.twitter, s.twitter_checked_at AS "twitterCheckedAt"`;

const toJson = (id: number, row: StoredRow | undefined): SocialMediaJson => ({
  id,
  youtube: row?.youtube && row.youtubeCheckedAt ? { ...row.youtube, checkedAt: row.youtubeCheckedAt } : null,
  twitter: row?.twitter && row.twitterCheckedAt ? { ...row.twitter, checkedAt: row.twitterCheckedAt } : null,
});

export async function readSocialMedia(db: Queryable, recipientId: number): Promise<SocialMediaJson> {
  const [row] = await db.query<StoredRow>(`SELECT ${STORED_COLUMNS} FROM recipient_social_media s WHERE recipient_id = $1`, [
    recipientId,
  ]);
  return toJson(recipientId, row);
}

/**
 * Stores what a check read of one network (`youtube` or `twitter`) with the time of the
 * check; answers whether it differs from what was stored.
 */
export async function saveSnapshot(
  db: Queryable,
  recipientId: number,
  network: 'youtube' | 'twitter',
  snapshot: YoutubeSnapshot | XSnapshot,
): Promise<boolean> {
  const [row] = await db.query<{ changed: boolean }>(
    `WITH previous AS (SELECT ${network} AS data FROM recipient_social_media WHERE recipient_id = $1)
     INSERT INTO recipient_social_media (recipient_id, ${network}, ${network}_checked_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (recipient_id) DO UPDATE SET ${network} = EXCLUDED.${network}, ${network}_checked_at = now()
     RETURNING (SELECT data FROM previous) IS DISTINCT FROM $2::jsonb AS changed`,
    [recipientId, JSON.stringify(snapshot)],
  );
  return row.changed;
}

/** Keeps a name a check succeeded with on the recipient, so later refreshes use it. */
export async function keepRecipientName(db: Queryable, recipientId: number, column: 'youtubename' | 'twittername', name: string) {
  await db.query(
    `UPDATE recipient SET ${column} = $2, last_modified = now() WHERE id = $1 AND ${column} IS DISTINCT FROM $2`,
    [recipientId, name],
  );
}

export interface RecipientToCheck {
  id: number;
  email: string;
  user: number;
  youtubename: string;
  url: string;
  add_url: string;
}

const TO_CHECK_COLUMNS = 'id, email, user_id AS "user", youtubename, url, add_url';

/** The user's active recipients that name a YouTube channel somewhere, oldest first. */
export async function recipientsWithYoutube(db: Queryable, userId: number): Promise<RecipientToCheck[]> {
  return db.query<RecipientToCheck>(
    `SELECT ${TO_CHECK_COLUMNS} FROM recipient
     WHERE user_id = $1 AND actif = 1 AND (youtubename <> '' OR url ILIKE '%youtube.com/%' OR add_url ILIKE '%youtube.com/%')
     ORDER BY id`,
    [userId],
  );
}

export async function recipientsByIds(db: Queryable, ids: number[]): Promise<RecipientToCheck[]> {
  return db.query<RecipientToCheck>(`SELECT ${TO_CHECK_COLUMNS} FROM recipient WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
}

export interface LatestVideoRow {
  recipientId: number;
  email: string;
  firstname: string;
  lastname: string;
  youtube: YoutubeSnapshot;
  checkedAt: string;
}

/** The user's recipients with stored YouTube data. */
export async function storedYoutubeOfUser(db: Queryable, userId: number): Promise<LatestVideoRow[]> {
  return db.query<LatestVideoRow>(
    `SELECT r.id AS "recipientId", r.email, r.firstname, r.lastname, s.youtube, s.youtube_checked_at AS "checkedAt"
     FROM recipient r JOIN recipient_social_media s ON s.recipient_id = r.id
     WHERE r.user_id = $1 AND s.youtube IS NOT NULL ORDER BY r.id`,
    [userId],
  );
}
