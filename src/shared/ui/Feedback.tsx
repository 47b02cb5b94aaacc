import { useCallback } from 'react';
import { Alert, Button } from '@mui/material';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { fr } from '../i18n/fr';

export interface FeedbackMessage {
  severity: 'success' | 'error' | 'warning';
  text: string;
}

/** How many messages show at once in the corner. */
export const SNACKBAR_MAX = 3;
/** How long a message with "Annuler" stays, so that the undo can be reached. */
export const UNDO_MS = 8000;

/** The outcome of a save or a send, under the form that made it. */
export function Feedback({ message }: { message: FeedbackMessage | null }) {
  if (!message) return null;
  return (
    <Alert severity={message.severity} sx={{ mt: 1 }}>
      {message.text}
    </Alert>
  );
}

/**
 * The outcome of an action made away from a form (a table's row, a delete), shown for a few
 * seconds in the corner; `undo` adds "Annuler".
 */
export function useNotify() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useCallback(
    (message: FeedbackMessage, undo?: () => void) =>
      enqueueSnackbar(message.text, {
        variant: message.severity,
        autoHideDuration: undo ? UNDO_MS : 4000,
        action: undo
          ? (key: SnackbarKey) => (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  closeSnackbar(key);
                  undo();
                }}
              >
                {fr.common.undo}
              </Button>
            )
          : undefined,
      }),
    [enqueueSnackbar, closeSnackbar],
  );
}
