import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { SequenceEditor } from '../../../shared/ui/SequenceEditor';
import { useUpdateListMutation } from '../api';
import type { List } from '../types';

/** Séquence: the list's key/value sequence, edited then saved as a whole. */
export function ListSequenceTab({ list }: { list: List }) {
  const [items, setItems] = useState(list.sequence);
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [update, { isLoading }] = useUpdateListMutation();

  const save = async () => {
    try {
      await update({ id: list.id, patch: { sequence: items } }).unwrap();
      setResult({ severity: 'success', text: fr.common.saved });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Stack spacing={2}>
      <SequenceEditor items={items} onChange={setItems} profil="influenceur" label={frConsole.lists.tabs.sequence} />
      <Stack direction="row">
        <Button variant="contained" onClick={save} disabled={isLoading}>
          {fr.common.save}
        </Button>
      </Stack>
      <Feedback message={result} />
    </Stack>
  );
}
