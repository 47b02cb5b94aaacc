import type { Note } from '../types';

/** What the server takes of a note (docs/decisions.md, «The visitor's notebook (issue 42)»): the same bounds as its schema. */
export const NOTE_MAX_CHARS = 5000;
export const NOTE_MAX_SECONDS = 359_999;
const VIDEO_ID = /^[\w-]{11}$/;

export interface LocalNoteRef {
  videoId: string;
  noteId: number;
}

/** A browser's notes the space can take, each with where it lies in the slice. */
export function mergeableNotes(byVideo: Record<string, Note[]>): { ref: LocalNoteRef; note: { video: string; at: number; text: string } }[] {
  return Object.entries(byVideo)
    .filter(([videoId]) => VIDEO_ID.test(videoId))
    .flatMap(([videoId, notes]) =>
      notes
        .filter((note) => note.description.trim().length > 0 && note.description.trim().length <= NOTE_MAX_CHARS && note.time <= NOTE_MAX_SECONDS)
        .map((note) => ({ ref: { videoId, noteId: note.id }, note: { video: videoId, at: note.time, text: note.description.trim() } })),
    )
    .slice(0, 1000);
}
