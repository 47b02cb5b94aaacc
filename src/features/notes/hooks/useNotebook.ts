import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query';
import { notesApi, useGetNotesQuery, type ServerNote } from '../api';
import { foldText, type NotebookNote } from '../lib/notebook';
import { selectLocalNotes } from '../slice';
import type { Note } from '../types';

/** The largest page the server answers: an export reads every note in pages of this size. */
const EXPORT_PAGE = 1000;

const fromSpace = (note: ServerNote): NotebookNote => ({
  key: `n${note.id}`,
  video: note.video,
  at: note.at,
  text: note.text,
  videoTitle: note.videoTitle,
  videoCreator: note.videoCreator,
  videoThumbnail: note.videoThumbnail,
});

/** The browser's notes, the last written first (they carry no date). */
const fromBrowser = (byVideo: Record<string, Note[]>): NotebookNote[] =>
  Object.entries(byVideo)
    .flatMap(([video, notes]) =>
      notes.map((note) => ({ key: `local-${video}-${note.id}`, video, at: note.time, text: note.description, videoTitle: null, videoCreator: null, videoThumbnail: null })),
    )
    .reverse();

/**
 * The notebook's notes, newest first: the space's when the browser holds one (searched and paged
 * by the server), then those only this browser keeps (searched here).
 */
export function useNotebook(token: string | null, query: string, limit: number) {
  const [fetchNotes] = notesApi.useLazyGetNotesQuery();
  const local = useSelector(selectLocalNotes);
  const q = query.trim();
  const space = useGetNotesQuery(token ? { token, q: q || undefined, itemsPerPage: limit } : skipToken);
  const browserNotes = useMemo(() => {
    const needle = foldText(q);
    return fromBrowser(local).filter((note) => !needle || foldText(note.text).includes(needle));
  }, [local, q]);
  const spaceNotes = useMemo(() => (space.data?.rows ?? []).map(fromSpace), [space.data]);

  /** Every note, whatever the search: what the exports write. */
  const everyNote = async (): Promise<NotebookNote[]> => {
    const all: NotebookNote[] = [];
    if (token) {
      for (let page = 1; ; page += 1) {
        const answer = await fetchNotes({ token, page, itemsPerPage: EXPORT_PAGE }).unwrap();
        all.push(...answer.rows.map(fromSpace));
        if (all.length >= answer.total || answer.rows.length === 0) break;
      }
    }
    return [...all, ...fromBrowser(local)];
  };

  return {
    notes: [...spaceNotes, ...browserNotes],
    /** How many notes match in all (the space's count, not only those of the page shown). */
    total: (token ? (space.data?.total ?? 0) : 0) + browserNotes.length,
    isLoading: token !== null && space.isLoading,
    isFetching: token !== null && space.isFetching,
    isError: token !== null && space.isError,
    everyNote,
  };
}
