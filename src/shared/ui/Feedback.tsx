import { useCallback, type ReactNode } from 'react';
import { Alert, Button, styled } from '@mui/material';
import { MaterialDesignContent, SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { fr } from '../i18n/fr';

export interface FeedbackMessage {
  severity: 'success' | 'error' | 'warning';
  text: string;
}

/** How many messages show at once in the corner. */
export const SNACKBAR_MAX = 3;
/** How long a message with "Annuler" stays, so that the undo can be reached. */
export const UNDO_MS = 8000;

/** notistack's own colours read below 4.5:1 with white text: these read above 5.5:1. */
const ReadableContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#bf360c' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
});
const VARIANTS = { success: ReadableContent, error: ReadableContent, warning: ReadableContent, info: ReadableContent };

/**
 * Where `useNotify()` messages show: once for the app, and again inside each modal dialog,
 * because a modal hides the rest of the page from assistive technologies and keeps the
 * keyboard inside it: an "Annuler" outside it could be neither heard nor reached.
 */
export function FeedbackHost({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={SNACKBAR_MAX} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} Components={VARIANTS}>
      {children}
    </SnackbarProvider>
  );
}

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
