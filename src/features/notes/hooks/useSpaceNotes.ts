import { useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAddNoteMutation, useDeleteNoteMutation, useGetNotesQuery, useUpdateNoteMutation } from '../api';
import type { NoteActions } from '../components/NoteList';
import type { Note } from '../types';

/** The server answers at most this many notes a page: a video's notes come in one. */
const VIDEO_NOTES_PAGE = 1000;

/**
 * A video's notes kept in the visitor's space, shaped as the panel lists them (oldest first);
 * whether a note's share links are open is the panel's own state, not the space's. An edit or
 * a deletion the server refuses leaves the note as it was and calls `onFailed`.
 */
export function useSpaceNotes(token: string | null, videoId: string, onFailed: () => void) {
  const { data } = useGetNotesQuery(token ? { token, video: videoId, itemsPerPage: VIDEO_NOTES_PAGE } : skipToken);
  const [open, setOpen] = useState<number[]>([]);
  const [addNote] = useAddNoteMutation();
  const [updateNote] = useUpdateNoteMutation();
  const [deleteNote] = useDeleteNoteMutation();
  const notes: Note[] = useMemo(
    () =>
      [...(data?.rows ?? [])]
        .sort((a, b) => a.id - b.id)
        .map((note) => ({ id: note.id, time: note.at, description: note.text, showShareOptions: open.includes(note.id) })),
    [data, open],
  );
  const actions: NoteActions = {
    toggleShare: (id) => setOpen((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id])),
    remove: (id) => void deleteNote({ token: token as string, id }).unwrap().catch(onFailed),
    edit: (id, time, description) => void updateNote({ token: token as string, id, at: time, text: description }).unwrap().catch(onFailed),
  };
  const add = (at: number, text: string) => addNote({ token: token as string, video: videoId, at, text }).unwrap();
  return { notes, actions, add };
}
