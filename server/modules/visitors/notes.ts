import type { Queryable } from '../../db/db';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { listCollection, type HydraCollection, type ResourceDef } from '../../shared/hydra';
import { cardImage } from '../videos';

/**
 * A visitor's timestamped notes (issue 42; docs/architecture.md, «Visitors' space»): written
 * on the video panel, listed and searched in the notebook, merged from a browser's own notes
 * once it holds a space. Personal data: the space's export carries them and an erasure of the
 * visitor removes them (ON DELETE CASCADE).
 */

/** The longest note: a page of text; longer is a 400 naming `text`. */
export const NOTE_MAX_CHARS = 5000;
/** Notes a visitor keeps at most (a 400 past it): the notebook stays fast, a script cannot fill the disk. */
export const NOTES_PER_VISITOR = 10_000;
/** The latest time a note points at: 99:59:59. */
export const NOTE_MAX_SECONDS = 359_999;

/** The notebook reads `visitor_note_item` (migration 0970): a note with its video's title, thumbnail and creator. */
export const noteResource: ResourceDef = {
  type: 'VisitorNote',
  path: 'visitor/notes',
  table: 'visitor_note_item',
  fields: {
    id: { column: 'id', kind: 'int' },
    visitor: { column: 'visitor_id', kind: 'int' },
    video: { column: 'video_id', kind: 'text' },
    at: { column: 'at', kind: 'int' },
    text: { column: 'text', kind: 'text' },
    created: { column: 'created', kind: 'timestamp' },
    updated: { column: 'updated', kind: 'timestamp' },
    title: { column: 'title', kind: 'text' },
    thumbnail: { column: 'thumbnail', kind: 'text' },
    creator: { column: 'channel_name', kind: 'text' },
    avatar: { column: 'avatar', kind: 'text' },
    avatarAsThumbnail: { column: 'avatar_as_thumbnail', kind: 'bool' },
  },
  filters: ['visitor', 'video'],
  orderable: ['id'],
  searchable: ['text'],
  searchColumn: 'search_text',
  owner: 'visitor',
  defaultOrder: { field: 'id', direction: 'desc' },
};

type NoteRow = {
  id: number;
  visitor: number;
  video: string;
  at: number;
  text: string;
  created: string;
  updated: string;
  title: string | null;
  thumbnail: string | null;
  creator: string | null;
  avatar: string | null;
  avatarAsThumbnail: boolean | null;
};

/** A note as the API answers it: what was posted, and the video the notebook shows it under. */
export interface NoteJson {
  '@id': string;
  '@type': string;
  id: number;
  video: string;
  at: number;
  text: string;
  created: string;
  updated: string;
  videoTitle: string | null;
  videoCreator: string | null;
  videoThumbnail: string | null;
}

const toJson = (row: NoteRow): NoteJson => ({
  '@id': `/api/visitor/notes/${row.id}`,
  '@type': 'VisitorNote',
  id: row.id,
  video: row.video,
  at: row.at,
  text: row.text,
  created: row.created,
  updated: row.updated,
  videoTitle: row.title,
  videoCreator: row.creator,
  videoThumbnail:
    row.title === null ? null : cardImage({ videoId: row.video, thumbnail: row.thumbnail, avatar: row.avatar, avatarAsThumbnail: row.avatarAsThumbnail ?? false }),
});

export interface NotesQuery {
  q?: string;
  video?: string;
  page?: number;
  itemsPerPage?: number;
}

/** One page of a visitor's notes, newest first; `q` matches any part of the text, ignoring case and accents. */
export async function listNotes(db: Queryable, visitorId: number, query: NotesQuery, requestPath: string): Promise<HydraCollection<NoteJson>> {
  const { q, ...rest } = query;
  const collection = await listCollection<NoteRow>(db, noteResource, { ...rest, search: q, visitor: visitorId }, requestPath);
  // The page links carry `search` (the shared layer's name); this route's filter is `q`.
  const view = collection['hydra:view'];
  if (view) {
    for (const [key, value] of Object.entries(view)) {
      if (key.startsWith('hydra:') || key === '@id') view[key] = value.replace(/([?&])search=/, '$1q=').replace(/&?visitor=\d+/, '').replace('?&', '?');
    }
  }
  return { ...collection, 'hydra:member': collection['hydra:member'].map(toJson) };
}

async function readNote(db: Queryable, visitorId: number, id: number): Promise<NoteJson> {
  const [row] = await db.query<NoteRow>(
    `SELECT id, visitor_id AS visitor, video_id AS video, at, text, created, updated, title, thumbnail, channel_name AS creator,
            avatar, avatar_as_thumbnail AS "avatarAsThumbnail"
     FROM visitor_note_item WHERE id = $1 AND visitor_id = $2`,
    [id, visitorId],
  );
  // Another visitor's note is as absent as a deleted one: its existence is theirs.
  if (!row) throw notFound('Note');
  return toJson(row);
}

export interface NoteInput {
  video: string;
  at: number;
  text: string;
}

const cleanText = (text: string): string => {
  const trimmed = text.trim();
  if (!trimmed) throw badRequest('text', "Le champ 'text' est vide.");
  return trimmed;
};

async function checkVideo(db: Queryable, video: string): Promise<void> {
  const [known] = await db.query('SELECT 1 FROM video WHERE id = $1', [video]);
  if (!known) throw badRequest('video', "Le champ 'video' ne désigne aucune vidéo connue de TGM News.");
}

/** A note's moment is within the video as far as the visitor's history knows its duration (issue 42). */
async function checkMoment(db: Queryable, visitorId: number, video: string, at: number): Promise<void> {
  const [watched] = await db.query<{ duration: number }>('SELECT duration FROM visitor_history WHERE visitor_id = $1 AND video_id = $2', [visitorId, video]);
  if (watched && at > Math.ceil(watched.duration)) {
    const length = Math.ceil(watched.duration);
    const clock = `${Math.floor(length / 60)}:${String(length % 60).padStart(2, '0')}`;
    throw badRequest('at', `Le champ 'at' dépasse la durée de la vidéo (${clock}).`);
  }
}

/**
 * Writes a note; the same note (video, time and text) written again answers the one kept
 * (`created` false), so a browser's notes can be merged more than once.
 */
export async function addNote(db: Queryable, visitorId: number, input: NoteInput): Promise<{ note: NoteJson; created: boolean }> {
  const text = cleanText(input.text);
  await checkVideo(db, input.video);
  await checkMoment(db, visitorId, input.video, input.at);
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO visitor_note (visitor_id, video_id, at, text)
     SELECT $1, $2, $3, $4 WHERE (SELECT count(*) FROM visitor_note WHERE visitor_id = $1) < ${NOTES_PER_VISITOR}
     ON CONFLICT (visitor_id, video_id, at, md5(text)) DO NOTHING RETURNING id`,
    [visitorId, input.video, input.at, text],
  );
  if (inserted) return { note: await readNote(db, visitorId, inserted.id), created: true };
  const [same] = await db.query<{ id: number }>(
    'SELECT id FROM visitor_note WHERE visitor_id = $1 AND video_id = $2 AND at = $3 AND md5(text) = md5($4)',
    [visitorId, input.video, input.at, text],
  );
  if (!same) throw badRequest('text', `Vous avez déjà ${NOTES_PER_VISITOR} notes : supprimez-en avant d'en écrire d'autres.`);
  return { note: await readNote(db, visitorId, same.id), created: false };
}

/** Changes a note's time or text; 404 when it is not the visitor's. */
export async function updateNote(db: Queryable, visitorId: number, id: number, patch: { at?: number; text?: string }): Promise<NoteJson> {
  const text = patch.text === undefined ? null : cleanText(patch.text);
  if (patch.at !== undefined) {
    const [note] = await db.query<{ video: string }>('SELECT video_id AS video FROM visitor_note WHERE id = $1 AND visitor_id = $2', [id, visitorId]);
    if (!note) throw notFound('Note');
    await checkMoment(db, visitorId, note.video, patch.at);
  }
  try {
    const rows = await db.query(
      `UPDATE visitor_note SET at = coalesce($3, at), text = coalesce($4, text), updated = now()
       WHERE id = $1 AND visitor_id = $2 RETURNING id`,
      [id, visitorId, patch.at ?? null, text],
    );
    if (rows.length === 0) throw notFound('Note');
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('Une note identique existe déjà à ce moment de la vidéo.', 'text');
    throw error;
  }
  return readNote(db, visitorId, id);
}

export async function deleteNote(db: Queryable, visitorId: number, id: number): Promise<void> {
  const rows = await db.query('DELETE FROM visitor_note WHERE id = $1 AND visitor_id = $2 RETURNING id', [id, visitorId]);
  if (rows.length === 0) throw notFound('Note');
}

/** Every note of a visitor, oldest first, as the space's export carries them. */
export async function exportedNotes(db: Queryable, visitorId: number): Promise<NoteInput[]> {
  return db.query<NoteInput>('SELECT video_id AS video, at, text FROM visitor_note WHERE visitor_id = $1 ORDER BY id', [visitorId]);
}

/**
 * Restores notes read from an export: those of videos the product knows, each once; answers
 * how many were added. Bounded by the per-visitor cap.
 */
export async function importNotes(db: Queryable, visitorId: number, notes: NoteInput[]): Promise<number> {
  if (notes.length === 0) return 0;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO visitor_note (visitor_id, video_id, at, text)
     SELECT $1, n.video, n.at, n.text
     FROM jsonb_to_recordset($2::jsonb) AS n(video text, at integer, text text)
     WHERE EXISTS (SELECT 1 FROM video v WHERE v.id = n.video)
     LIMIT greatest(0, ${NOTES_PER_VISITOR} - (SELECT count(*) FROM visitor_note WHERE visitor_id = $1))
     ON CONFLICT (visitor_id, video_id, at, md5(text)) DO NOTHING RETURNING id`,
    [visitorId, JSON.stringify(notes)],
  );
  return rows.length;
}
