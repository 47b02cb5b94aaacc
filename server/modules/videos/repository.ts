import type { Queryable } from '../../db/db';
import { upsertVideosSql, videoColumns, type FeedVideo } from '../feeds';
import { cardImage } from './thumbnails';
import type { ChaineJson, Page, VideoJson, VideoPage } from './types';

/** Links shown to people go to YouTube itself, whatever feed host the server reads. */
const YOUTUBE_SITE = 'https://www.youtube.com';

export interface ChannelRow {
  id: number;
  youtubeId: string;
  name: string;
  handle: string | null;
  theme: string;
  avatar: string | null;
}

const CHANNEL_COLUMNS = `c.id, c.youtube_id AS "youtubeId", c.name, c.handle, c.theme, c.avatar`;

export const toChaine = (row: ChannelRow): ChaineJson => ({
  id: row.youtubeId,
  name: row.name,
  handle: row.handle,
  theme: row.theme,
  avatar: row.avatar,
  url: `${YOUTUBE_SITE}/channel/${row.youtubeId}`,
});

interface VideoRow {
  id: string;
  title: string;
  published: string;
  thumbnail: string | null;
  views: number;
  youtubeId: string;
  channelName: string;
  theme: string;
  avatar: string | null;
  avatarAsThumbnail: boolean;
}

const toVideo = (row: VideoRow): VideoJson => ({
  id: row.id,
  youtube_titre: row.title,
  youtube_name: row.channelName,
  youtube_lien: `${YOUTUBE_SITE}/channel/${row.youtubeId}`,
  img_lien: cardImage({
    videoId: row.id,
    thumbnail: row.thumbnail,
    avatar: row.avatar,
    avatarAsThumbnail: row.avatarAsThumbnail,
  }),
  created: row.published,
  youtube_nb_vue: row.views,
  url: `${YOUTUBE_SITE}/watch?v=${row.id}`,
  channelId: row.youtubeId,
  theme: row.theme,
});

/**
 * A further condition on the videos (SQL on `v`) with the one parameter it reads: a visitor's
 * feed filters on the grid they look at.
 */
export interface VideoCondition {
  sql: (param: string) => string;
  value: unknown;
}

/** Newest first, one page, of the videos of the channels `channelFilter` selects (SQL on `c`). */
async function videosOf(db: Queryable, channelFilter: string, params: unknown[], { page, itemsPerPage }: Page, also?: VideoCondition): Promise<VideoPage> {
  const condition = also ? ` AND ${also.sql(`$${params.length + 1}`)}` : '';
  if (also) params = [...params, also.value];
  const from = `FROM video v JOIN channel c ON c.id = v.channel_id WHERE ${channelFilter}${condition}`;
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, params);
  const rows = await db.query<VideoRow>(
    `SELECT v.id, v.title, v.published, v.thumbnail, v.views, c.youtube_id AS "youtubeId", c.name AS "channelName",
            c.theme, c.avatar, c.avatar_as_thumbnail AS "avatarAsThumbnail"
     ${from} ORDER BY v.published DESC, v.id
     LIMIT ${itemsPerPage} OFFSET ${(page - 1) * itemsPerPage}`,
    params,
  );
  return { videos: rows.map(toVideo), totalItems: total };
}

const IN_LIST = `c.id IN (SELECT lc.channel_id FROM creator_list_channel lc
  JOIN creator_list l ON l.id = lc.list_id WHERE lower(l.name) = lower($1))`;

export const videosOfList = (db: Queryable, listName: string, page: Page, also?: VideoCondition) => videosOf(db, IN_LIST, [listName], page, also);

export const videosOfTheme = (db: Queryable, theme: string, page: Page, also?: VideoCondition) =>
  videosOf(db, 'c.theme = $1', [theme], page, also);

export async function channelsOfList(db: Queryable, listId: number): Promise<ChannelRow[]> {
  return db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM channel c JOIN creator_list_channel lc ON lc.channel_id = c.id
     WHERE lc.list_id = $1 ORDER BY lc.created, c.id`,
    [listId],
  );
}

export async function channelsOfTheme(db: Queryable, theme: string): Promise<ChannelRow[]> {
  return db.query<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM channel c WHERE c.theme = $1 ORDER BY c.name, c.id`, [theme]);
}

export interface ListRow {
  id: number;
  name: string;
  hashtags: string[];
}

export async function findList(db: Queryable, name: string): Promise<ListRow | null> {
  const [row] = await db.query<ListRow>('SELECT id, name, hashtags FROM creator_list WHERE lower(name) = lower($1)', [name]);
  return row ?? null;
}

/** The creators' lists the home page features, in their order. */
export async function featuredLists(db: Queryable): Promise<ListRow[]> {
  return db.query<ListRow>(
    'SELECT id, name, hashtags FROM creator_list WHERE featured_rank IS NOT NULL ORDER BY featured_rank',
  );
}

export async function findChannel(db: Queryable, by: { youtubeId: string } | { handle: string }): Promise<ChannelRow | null> {
  const [row] =
    'youtubeId' in by
      ? await db.query<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM channel c WHERE c.youtube_id = $1`, [by.youtubeId])
      : await db.query<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM channel c WHERE lower(c.handle) = lower($1)`, [
          by.handle,
        ]);
  return row ?? null;
}

export interface ChannelValues {
  youtubeId: string;
  name: string;
  handle?: string | null;
  theme?: string;
  avatar?: string | null;
  avatarAsThumbnail?: boolean;
}

/** Creates the channel or renames it (a feed's name wins); a known handle, theme or avatar stays. */
export async function upsertChannel(db: Queryable, values: ChannelValues): Promise<ChannelRow> {
  const [row] = await db.query<ChannelRow>(
    `INSERT INTO channel AS c (youtube_id, name, handle, theme, avatar, avatar_as_thumbnail)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (youtube_id) DO UPDATE SET name = EXCLUDED.name, handle = coalesce(c.handle, EXCLUDED.handle)
     RETURNING ${CHANNEL_COLUMNS}`,
    [
      values.youtubeId,
      values.name,
      values.handle ?? null,
      values.theme ?? 'undefined',
      values.avatar ?? null,
      values.avatarAsThumbnail ?? false,
    ],
  );
  return row;
}


/** Inserts new videos and updates known ones (title, thumbnail, views) by YouTube id. */
export async function upsertVideos(db: Queryable, channelId: number, videos: FeedVideo[]): Promise<number> {
  if (videos.length === 0) return 0;
  const rows = await db.query(upsertVideosSql(1), [channelId, ...videoColumns(videos)]);
  return rows.length;
}

/** Adds a channel to a list; answers whether it was not in it yet. */
export async function addChannelToList(db: Queryable, listId: number, channelId: number): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO creator_list_channel (list_id, channel_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
    [listId, channelId],
  );
  return rows.length > 0;
}

export async function removeChannelFromList(db: Queryable, listId: number, channelId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM creator_list_channel WHERE list_id = $1 AND channel_id = $2 RETURNING 1', [
    listId,
    channelId,
  ]);
  return rows.length > 0;
}
