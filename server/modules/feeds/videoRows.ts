import type { FeedVideo } from './types';

/**
 * The statement that inserts a channel's new videos and updates its known ones (title,
 * thumbnail, views) by YouTube id: the channel is parameter `$${at}`, the videos' columns the
 * six after it (`videoColumns`). A statement of its own, or a part of a bigger one.
 */
export const upsertVideosSql = (at: number) =>
  `INSERT INTO video (id, channel_id, title, published, thumbnail, views, short)
     SELECT id, $${at}::int, title, published, thumbnail, views, short
     FROM unnest($${at + 1}::text[], $${at + 2}::text[], $${at + 3}::timestamptz[], $${at + 4}::text[], $${at + 5}::bigint[], $${at + 6}::boolean[])
       AS t (id, title, published, thumbnail, views, short)
     ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, published = EXCLUDED.published,
       thumbnail = EXCLUDED.thumbnail, views = EXCLUDED.views, short = EXCLUDED.short, updated = now()
     RETURNING id`;

/** The six column arrays `upsertVideosSql` reads. */
export const videoColumns = (videos: FeedVideo[]) => [
  videos.map((v) => v.videoId),
  videos.map((v) => v.title),
  videos.map((v) => v.published),
  videos.map((v) => v.thumbnail),
  videos.map((v) => v.views),
  videos.map((v) => v.short ?? false),
];
