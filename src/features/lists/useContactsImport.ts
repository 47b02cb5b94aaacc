import { useCallback, useState } from 'react';
import { useStore } from 'react-redux';
import { uploadFile } from '../../shared/api';
import { listsApi } from './api';
import type { ImportReport } from './types';

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'sending'; percent: number }
  | { phase: 'done'; report: ImportReport }
  | { phase: 'failed'; message: string };

/** Uploads a CSV of contacts into a list, following its progress; the counts reload after. */
export function useContactsImport(listId: number) {
  const store = useStore();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });

  const start = useCallback(
    async (file: File) => {
      setState({ phase: 'sending', percent: 0 });
      const onProgress = (loaded: number, total: number) =>
        setState({ phase: 'sending', percent: total ? Math.round((100 * loaded) / total) : 0 });
      const result = await uploadFile(
        // The file's name goes into each contact's consent record.
        `/grps/${listId}/import?file=${encodeURIComponent(file.name.slice(0, 255))}`,
        file,
        { contentType: 'text/csv', onProgress },
        store.getState,
        store.dispatch,
      );
      if ('error' in result) return setState({ phase: 'failed', message: result.error.message });
      setState({ phase: 'done', report: result.data as ImportReport });
      store.dispatch(listsApi.util.invalidateTags([{ type: 'ListCounts', id: listId }, { type: 'Contact', id: `LIST-${listId}` }]));
    },
    [store, listId],
  );

  return { state, start };
}
