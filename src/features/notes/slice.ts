import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { visitorForgotten } from '../../shared/session';
import { noteTime } from './lib/noteTime';
import type { Note, NotesRootState, NotesState } from './types';

const initialState: NotesState = { byVideo: {} };

interface NoteRef {
  videoId: string;
  noteId: number;
}

const findNote = (state: NotesState, { videoId, noteId }: NoteRef) => state.byVideo[videoId]?.find((note) => note.id === noteId);

/** The visitor's notes, per video; persisted in the browser (redux-persist). */
export const notesSlice = createSlice({
  name: 'notes',
  initialState,
  reducers: {
    /**
     * A note was written at a playback second: the payload carries its time (already set
     * back by 10 s) and trimmed text; its id is the video's next number, so a replay
     * gives the same ids.
     */
    noteAdded: {
      reducer: (state, action: PayloadAction<{ videoId: string; time: number; description: string }>) => {
        const { videoId, time, description } = action.payload;
        const notes = (state.byVideo[videoId] ??= []);
        const id = notes.reduce((max, note) => Math.max(max, note.id), 0) + 1;
        notes.push({ id, time, description, showShareOptions: false });
      },
      // A time typed by hand (`at`, in seconds) is the note's own; the player's second is set back.
      prepare: ({ videoId, playbackSecond, at, message }: { videoId: string; playbackSecond: number; at?: number; message: string }) => ({
        payload: { videoId, time: at ?? noteTime(playbackSecond), description: message.trim() },
      }),
    },
    /** A note was edited in place: its new time and trimmed text. */
    noteEdited: (state, action: PayloadAction<NoteRef & { time: number; description: string }>) => {
      const note = findNote(state, action.payload);
      if (!note) return;
      note.time = action.payload.time;
      note.description = action.payload.description.trim();
    },
    /**
     * The browser came to hold a space and the server kept these notes (issue 42): they are
     * the space's now, and the browser forgets its own copies. Notes the server refused stay.
     */
    localNotesMerged: (state, action: PayloadAction<NoteRef[]>) => {
      for (const { videoId, noteId } of action.payload) {
        const rest = (state.byVideo[videoId] ?? []).filter((note) => note.id !== noteId);
        if (rest.length > 0) state.byVideo[videoId] = rest;
        else delete state.byVideo[videoId];
      }
    },
    noteShareToggled: (state, action: PayloadAction<NoteRef>) => {
      const note = findNote(state, action.payload);
      if (note) note.showShareOptions = !note.showShareOptions;
    },
    noteDeleted: (state, action: PayloadAction<NoteRef>) => {
      const { videoId, noteId } = action.payload;
      const rest = (state.byVideo[videoId] ?? []).filter((note) => note.id !== noteId);
      if (rest.length > 0) state.byVideo[videoId] = rest;
      else delete state.byVideo[videoId];
    },
  },
  // Notes are the visitor's: a browser that forgets them forgets their notes too.
  extraReducers: (builder) => builder.addCase(visitorForgotten, () => initialState),
});

export const { noteAdded, noteEdited, localNotesMerged, noteShareToggled, noteDeleted } = notesSlice.actions;

const NO_NOTES: Note[] = [];

export const selectLocalNotes = (state: NotesRootState): Record<string, Note[]> => state.notes.byVideo;

export const selectVideoNotes = (state: NotesRootState, videoId: string): Note[] => state.notes.byVideo[videoId] ?? NO_NOTES;
