import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frConsole } from '../../../shared/i18n/frConsole';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useUpdateListMutation } from '../api';
import type { List } from '../types';

/** 'Supprimer la liste': asks, then soft-deletes with `{actif: 0}` (spec §4). */
export function DeleteListButton({ list, onDeleted }: { list: List; onDeleted: () => void }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateListMutation();

  const confirm = async () => {
    try {
      await update({ id: list.id, patch: { actif: 0 } }).unwrap();
      setAsking(false);
      onDeleted();
    } catch (failure) {
      setAsking(false);
      setError(errorMessage(failure));
    }
  };

  return (
    <Box>
      <Button color="error" variant="outlined" onClick={() => setAsking(true)}>
        {frConsole.lists.deleteList}
      </Button>
      <ConfirmDialog
        open={asking}
        title={frConsole.lists.deleteTitle}
        text={frConsole.lists.deleteText(list.subject)}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        busy={isLoading}
      />
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
