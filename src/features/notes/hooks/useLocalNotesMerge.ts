import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useMergeNotesMutation } from '../api';
import { mergeableNotes } from '../lib/mergeable';
import { localNotesMerged, selectLocalNotes } from '../slice';

/**
 * Once the browser holds a space (a token), its own notes go into the space's (issue 42): the
 * server keeps each once (same video, time and text), and the browser forgets those it kept.
 * Notes of a video the product does not know stay in the browser.
 */
export function useLocalNotesMerge(token: string | null): void {
  const dispatch = useDispatch();
  const local = useSelector(selectLocalNotes);
  const [merge] = useMergeNotesMutation();
  const running = useRef(false);
  const pending = mergeableNotes(local);
  const hasPending = pending.length > 0;
  useEffect(() => {
    if (!token || !hasPending || running.current) return;
    running.current = true;
    merge({ token, notes: pending.map((entry) => entry.note) })
      .unwrap()
      .then((answer) => dispatch(localNotesMerged(pending.filter((_, index) => answer.notes[index] !== null).map((entry) => entry.ref))))
      // A failed merge leaves the notes where they are; the next page that mounts this tries again.
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
    // The notes read are those of the moment the token or their presence changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, hasPending]);
}
