import type { Queryable } from '../../db/db';
import type { VideoJson } from '../videos';
import { markVideoSeen, toVideoJson, VIDEO_COLUMNS, type VideoRow } from './personal';

/** A video watched this far (its position over its duration) counts as seen. */
export const SEEN_FRACTION = 0.9;

/** At most this many entries are answered (the latest); older ones stay, to resume from. */
export const HISTORY_PAGE = 500;

export interface HistoryEntry {
  videoId: string;
  /** Seconds into the video where the visitor stopped, and the video's length. */
  position: number;
  duration: number;
  /** Watched past SEEN_FRACTION. */
  finished: boolean;
  watchedAt: string;
  video: VideoJson;
}

/** The visitor's history, the latest first, each with its video as the grid shows it. */
export async function historyOf(db: Queryable, visitorId: number): Promise<HistoryEntry[]> {
  const rows = await db.query<VideoRow & { position: number; duration: number; watchedAt: Date }>(
    `SELECT ${VIDEO_COLUMNS}, h.position, h.duration, h.watched_at AS "watchedAt"
     FROM visitor_history h JOIN video v ON v.id = h.video_id JOIN channel c ON c.id = v.channel_id
     WHERE h.visitor_id = $1 ORDER BY h.watched_at DESC, h.video_id LIMIT ${HISTORY_PAGE}`,
    [visitorId],
  );
  return rows.map((row) => ({
    videoId: row.id,
    position: row.position,
    duration: row.duration,
    finished: row.position >= SEEN_FRACTION * row.duration,
    watchedAt: new Date(row.watchedAt).toISOString(),
    video: toVideoJson(row),
  }));
}

/** Whether we know the video (a position is kept only for videos of the product's feeds). */
export async function videoExists(db: Queryable, videoId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM video WHERE id = $1', [videoId]);
  return rows.length > 0;
}

/** Records where the visitor is in the video; past SEEN_FRACTION it counts as seen. */
export async function savePosition(db: Queryable, visitorId: number, videoId: string, position: number, duration: number): Promise<void> {
  await db.query(
    `INSERT INTO visitor_history (visitor_id, video_id, position, duration) VALUES ($1, $2, $3, $4)
     ON CONFLICT (visitor_id, video_id) DO UPDATE SET position = EXCLUDED.position, duration = EXCLUDED.duration, watched_at = now()`,
    [visitorId, videoId, position, duration],
  );
  if (position >= SEEN_FRACTION * duration) await markVideoSeen(db, visitorId, videoId);
}

/** Forgets one video of the history (null: all of it); answers how many entries went. */
export async function deleteHistory(db: Queryable, visitorId: number, videoId: string | null): Promise<number> {
  const rows = await db.query('DELETE FROM visitor_history WHERE visitor_id = $1 AND ($2::text IS NULL OR video_id = $2) RETURNING 1', [
    visitorId,
    videoId,
  ]);
  return rows.length;
}
