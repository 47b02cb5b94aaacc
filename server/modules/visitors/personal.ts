import type { Queryable } from '../../db/db';
import { conflict } from '../../shared/errors';
import { channelsOfList, toChaine } from '../videos';
import { cardImage } from '../videos';
import type { VideoJson } from '../videos';
import { passesFiltersSql } from './feedFilters';
import type { VisitorList } from './repository';

/**
 * What a visitor keeps for themself: when they last looked at each creator they follow, their
 * groups of creators, and the videos they saved for later, hid or watched.
 *
 * A video is new for a visitor when the feeds brought it after they last opened its creator (or
 * marked all seen; the follow itself counts as a look, and so does the first reading of an
 * imported creator's feed). The moment we first stored it counts, not the date the feed gives:
 * a video read late is still new, a premiere dated tomorrow does not stay new once seen.
 * Hidden and watched videos are never new, nor those the visitor's feed filters hide.
 */

export type VideoState = 'plus tard' | 'masquée';

/** The SQL condition "video v of list channel lc is new for visitor $visitor". */
const IS_NEW = (visitorParam: string) => `v.created > coalesce(lc.seen_at, lc.created)
  AND NOT EXISTS (SELECT 1 FROM visitor_video vv WHERE vv.visitor_id = ${visitorParam} AND vv.video_id = v.id
                  AND (vv.seen_at IS NOT NULL OR vv.etat = 'masquée'))
  AND ${passesFiltersSql(visitorParam)}`;

/** The number of new videos of each followed channel, by YouTube channel id. */
export async function unseenByChannel(db: Queryable, visitorId: number, listId: number): Promise<Map<string, number>> {
  const rows = await db.query<{ youtubeId: string; unseen: number }>(
    `SELECT c.youtube_id AS "youtubeId", count(v.id)::int AS unseen
     FROM creator_list_channel lc JOIN channel c ON c.id = lc.channel_id
     LEFT JOIN video v ON v.channel_id = lc.channel_id AND ${IS_NEW('$2')}
     WHERE lc.list_id = $1 GROUP BY c.youtube_id`,
    [listId, visitorId],
  );
  return new Map(rows.map((row) => [row.youtubeId, row.unseen]));
}

/** Marks one followed channel (by YouTube id), or all of them, seen now; false when not followed. */
export async function markChannelsSeen(db: Queryable, listId: number, youtubeId: string | null): Promise<boolean> {
  const rows = await db.query(
    `UPDATE creator_list_channel lc SET seen_at = now() FROM channel c
     WHERE lc.list_id = $1 AND c.id = lc.channel_id AND ($2::text IS NULL OR c.youtube_id = $2) RETURNING 1`,
    [listId, youtubeId],
  );
  return youtubeId === null || rows.length > 0;
}

/**
 * A video a visitor may mark ($1 the visitor, $2 the video): one we have read from a feed, or
 * one already in their space (an imported file may name videos of feeds not read yet).
 */
const MARKABLE_VIDEO = `EXISTS (SELECT 1 FROM video WHERE id = $2) OR EXISTS (SELECT 1 FROM visitor_video WHERE visitor_id = $1 AND video_id = $2)`;

/** Marks a video seen; false when the video is unknown (nothing written). */
export async function markVideoSeen(db: Queryable, visitorId: number, videoId: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO visitor_video (visitor_id, video_id, seen_at) SELECT $1, $2, now() WHERE ${MARKABLE_VIDEO}
     ON CONFLICT (visitor_id, video_id) DO UPDATE SET seen_at = coalesce(visitor_video.seen_at, now()) RETURNING 1`,
    [visitorId, videoId],
  );
  return rows.length > 0;
}

/** Saves a video for later, hides it, or (null) neither; false when the video is unknown (nothing written). */
export async function setVideoState(db: Queryable, visitorId: number, videoId: string, state: VideoState | null): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO visitor_video (visitor_id, video_id, etat, etat_at)
     SELECT $1, $2, $3, CASE WHEN $3::text IS NULL THEN NULL ELSE now() END WHERE ${MARKABLE_VIDEO}
     ON CONFLICT (visitor_id, video_id) DO UPDATE SET etat = EXCLUDED.etat, etat_at = EXCLUDED.etat_at RETURNING 1`,
    [visitorId, videoId, state],
  );
  return rows.length > 0;
}

/** Video ids in a state, the latest first. */
export async function videoIdsIn(db: Queryable, visitorId: number, state: VideoState): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT video_id AS id FROM visitor_video WHERE visitor_id = $1 AND etat = $2 ORDER BY etat_at DESC, video_id',
    [visitorId, state],
  );
  return rows.map((row) => row.id);
}

/**
 * Records saved and hidden videos read from a file; a video already in a state keeps it. At
 * most `rowsPerStatement` rows a statement (an import's thousands do not hold the embedded
 * database in one go); the order survives across statements, all timed from one moment.
 */
export async function addVideoStates(
  db: Queryable,
  visitorId: number,
  videoIds: string[],
  state: VideoState,
  rowsPerStatement = Number.POSITIVE_INFINITY,
): Promise<void> {
  if (videoIds.length === 0) return;
  const [{ at }] = await db.query<{ at: string }>('SELECT now() AS at');
  // The file lists the latest first: the first gets the latest moment, so the order survives.
  for (let from = 0; from < videoIds.length; from += rowsPerStatement) {
    await db.query(
      `INSERT INTO visitor_video (visitor_id, video_id, etat, etat_at)
       SELECT $1, id, $3, $4::timestamptz - make_interval(secs => (ord + $5)::double precision / 1000)
       FROM unnest($2::text[]) WITH ORDINALITY AS t (id, ord)
       ON CONFLICT (visitor_id, video_id) DO UPDATE SET etat = EXCLUDED.etat, etat_at = EXCLUDED.etat_at
         WHERE visitor_video.etat IS NULL`,
      [visitorId, videoIds.slice(from, from + rowsPerStatement), state, at, from],
    );
  }
}

// --- Groups ---------------------------------------------------------------------------------------

export interface Groupe {
  name: string;
  /** YouTube channel ids, in the order the visitor gave them. */
  chaines: string[];
}

export async function groupsOf(db: Queryable, visitorId: number): Promise<Groupe[]> {
  const rows = await db.query<{ name: string; chaines: string[] | null }>(
    `SELECT g.name, array_agg(c.youtube_id ORDER BY gc.position) FILTER (WHERE c.id IS NOT NULL) AS chaines
     FROM visitor_group g LEFT JOIN visitor_group_channel gc ON gc.group_id = g.id LEFT JOIN channel c ON c.id = gc.channel_id
     WHERE g.visitor_id = $1 GROUP BY g.id, g.name ORDER BY g.created, g.id`,
    [visitorId],
  );
  return rows.map((row) => ({ name: row.name, chaines: row.chaines ?? [] }));
}

/** At most this many groups a visitor: enough for any real use, and a bounded row count. */
export const MAX_GROUPS = 100;

/**
 * Creates or replaces the group named `name` with the followed channels given (YouTube ids);
 * answers the ids that are not followed (nothing is changed then).
 */
export async function putGroup(db: Queryable, visitorId: number, listId: number, name: string, youtubeIds: string[]): Promise<string[]> {
  const unique = [...new Set(youtubeIds)];
  const followed = await db.query<{ id: number; youtubeId: string }>(
    `SELECT c.id, c.youtube_id AS "youtubeId" FROM creator_list_channel lc JOIN channel c ON c.id = lc.channel_id
     WHERE lc.list_id = $1 AND c.youtube_id = ANY($2::text[])`,
    [listId, unique],
  );
  const ids = new Map(followed.map((row) => [row.youtubeId, row.id]));
  const missing = unique.filter((id) => !ids.has(id));
  if (missing.length > 0) return missing;
  const [existing] = await db.query<{ id: number }>('SELECT id FROM visitor_group WHERE visitor_id = $1 AND lower(name) = lower($2)', [
    visitorId,
    name,
  ]);
  let groupId = existing?.id;
  if (groupId === undefined) {
    const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM visitor_group WHERE visitor_id = $1', [visitorId]);
    if (count >= MAX_GROUPS) throw conflict(`Vous avez déjà ${MAX_GROUPS} groupes.`, 'name');
    const [created] = await db.query<{ id: number }>('INSERT INTO visitor_group (visitor_id, name) VALUES ($1, $2) RETURNING id', [
      visitorId,
      name,
    ]);
    groupId = created.id;
  } else {
    await db.query('UPDATE visitor_group SET name = $2 WHERE id = $1', [groupId, name]);
    await db.query('DELETE FROM visitor_group_channel WHERE group_id = $1', [groupId]);
  }
  await db.query(
    `INSERT INTO visitor_group_channel (group_id, channel_id, position)
     SELECT $1, channel_id, ord FROM unnest($2::int[]) WITH ORDINALITY AS t (channel_id, ord)`,
    [groupId, unique.map((id) => ids.get(id) as number)],
  );
  return [];
}

export async function deleteGroup(db: Queryable, visitorId: number, name: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM visitor_group WHERE visitor_id = $1 AND lower(name) = lower($2) RETURNING 1', [visitorId, name]);
  return rows.length > 0;
}

/** An unfollowed channel leaves the visitor's groups too. */
export async function removeChannelFromGroups(db: Queryable, visitorId: number, channelId: number): Promise<void> {
  await db.query(
    'DELETE FROM visitor_group_channel gc USING visitor_group g WHERE g.id = gc.group_id AND g.visitor_id = $1 AND gc.channel_id = $2',
    [visitorId, channelId],
  );
}

// --- Videos of the visitor's views ----------------------------------------------------------------

export interface VideoRow {
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

const YOUTUBE_SITE = 'https://www.youtube.com';

export const toVideoJson = (row: VideoRow): VideoJson => ({
  id: row.id,
  youtube_titre: row.title,
  youtube_name: row.channelName,
  youtube_lien: `${YOUTUBE_SITE}/channel/${row.youtubeId}`,
  img_lien: cardImage({ videoId: row.id, thumbnail: row.thumbnail, avatar: row.avatar, avatarAsThumbnail: row.avatarAsThumbnail }),
  created: row.published,
  youtube_nb_vue: row.views,
  url: `${YOUTUBE_SITE}/watch?v=${row.id}`,
  channelId: row.youtubeId,
  theme: row.theme,
});

export const VIDEO_COLUMNS = `v.id, v.title, v.published, v.thumbnail, v.views, c.youtube_id AS "youtubeId", c.name AS "channelName",
  c.theme, c.avatar, c.avatar_as_thumbnail AS "avatarAsThumbnail"`;

/** The visitor's new videos, newest first (the "Nouveautés" view, the private feed). */
export async function newVideos(db: Queryable, visitorId: number, listId: number, limit = 500): Promise<VideoJson[]> {
  const rows = await db.query<VideoRow>(
    `SELECT ${VIDEO_COLUMNS} FROM creator_list_channel lc JOIN channel c ON c.id = lc.channel_id
     JOIN video v ON v.channel_id = lc.channel_id AND ${IS_NEW('$2')}
     WHERE lc.list_id = $1 ORDER BY v.published DESC, v.id LIMIT ${limit}`,
    [listId, visitorId],
  );
  return rows.map(toVideoJson);
}

/** The visitor's saved or hidden videos we know, in the list's order (latest first). */
export async function videosIn(db: Queryable, visitorId: number, state: VideoState): Promise<VideoJson[]> {
  const rows = await db.query<VideoRow>(
    `SELECT ${VIDEO_COLUMNS} FROM visitor_video vv JOIN video v ON v.id = vv.video_id JOIN channel c ON c.id = v.channel_id
     WHERE vv.visitor_id = $1 AND vv.etat = $2 ORDER BY vv.etat_at DESC, v.id LIMIT 1000`,
    [visitorId, state],
  );
  return rows.map(toVideoJson);
}

/** The latest videos of the visitor's creators, hidden and filtered ones left out (the private feed). */
export async function latestVideos(db: Queryable, visitorId: number, listId: number, limit = 50): Promise<VideoJson[]> {
  const rows = await db.query<VideoRow>(
    `SELECT ${VIDEO_COLUMNS} FROM creator_list_channel lc JOIN channel c ON c.id = lc.channel_id
     JOIN video v ON v.channel_id = lc.channel_id
     WHERE lc.list_id = $1 AND NOT EXISTS (SELECT 1 FROM visitor_video vv WHERE vv.visitor_id = $2 AND vv.video_id = v.id AND vv.etat = 'masquée')
       AND ${passesFiltersSql('$2')}
     ORDER BY v.published DESC, v.id LIMIT ${limit}`,
    [listId, visitorId],
  );
  return rows.map(toVideoJson);
}

/** The visitor's list, each followed channel with its count of new videos. */
export async function listeJson(db: Queryable, visitorId: number, list: VisitorList) {
  const [channels, unseen] = await Promise.all([channelsOfList(db, list.id), unseenByChannel(db, visitorId, list.id)]);
  return { name: list.name, hashtags: list.hashtags, chaines: channels.map((c) => ({ ...toChaine(c), unseen: unseen.get(c.youtubeId) ?? 0 })) };
}

