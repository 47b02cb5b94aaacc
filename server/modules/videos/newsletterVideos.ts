import type { Queryable } from '../../db/db';
import { cardImage } from './thumbnails';

/** Which videos a newsletter's videos block shows (docs/templates.md, «Videos»). */
export interface NewsletterVideoQuery {
  /** YouTube channel ids; empty: any channel. */
  channelIds: string[];
  /** A creators' category: the channel's theme; null: any. */
  theme: string | null;
  /** Published strictly after this instant. */
  since: Date;
  max: number;
}

/** A video as a newsletter shows it, with its ratings' averages (null before the first) and count. */
export interface NewsletterVideoRow {
  id: string;
  title: string;
  published: string;
  thumbnail: string | null;
  channel: string;
  objectivite: number | null;
  information: number | null;
  motivation: number | null;
  ratings: number;
}

/**
 * The latest videos of the channels or theme, published since the instant, newest first, with
 * their ratings' figures (the ratings table's per-video aggregates).
 */
export async function newsletterVideos(db: Queryable, query: NewsletterVideoQuery): Promise<NewsletterVideoRow[]> {
  const rows = await db.query<{
    id: string;
    title: string;
    published: string;
    thumbnail: string | null;
    avatar: string | null;
    avatarAsThumbnail: boolean;
    channel: string;
  }>(
    `SELECT v.id, v.title, v.published, v.thumbnail, c.avatar, c.avatar_as_thumbnail AS "avatarAsThumbnail", c.name AS channel
     FROM video v JOIN channel c ON c.id = v.channel_id
     WHERE v.published > $1
       AND (cardinality($2::text[]) = 0 OR c.youtube_id = ANY($2::text[]))
       AND ($3::text IS NULL OR lower(c.theme) = lower($3))
     ORDER BY v.published DESC, v.id LIMIT $4`,
    [query.since.toISOString(), query.channelIds, query.theme, query.max],
  );
  if (rows.length === 0) return [];
  const figures = await db.query<{ videoId: string; label: string; average: number; count: number }>(
    `SELECT video_id AS "videoId", label, round(avg(rating), 2)::float8 AS average, count(*)::int AS count
     FROM video_rating WHERE video_id = ANY($1::text[]) GROUP BY video_id, label`,
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => {
    const of = (label: string) => figures.find((figure) => figure.videoId === row.id && figure.label === label);
    return {
      id: row.id,
      title: row.title,
      published: row.published,
      thumbnail: cardImage({ videoId: row.id, thumbnail: row.thumbnail, avatar: row.avatar, avatarAsThumbnail: row.avatarAsThumbnail }),
      channel: row.channel,
      objectivite: of('Objectivité')?.average ?? null,
      information: of('Information')?.average ?? null,
      motivation: of('Motivation')?.average ?? null,
      // One person rates up to three criteria: the count is the most-rated criterion's.
      ratings: Math.max(0, ...['Objectivité', 'Information', 'Motivation'].map((label) => of(label)?.count ?? 0)),
    };
  });
}
