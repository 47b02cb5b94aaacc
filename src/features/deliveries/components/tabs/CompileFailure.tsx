import { Alert } from '@mui/material';
import { isApiError } from '../../../../shared/api';
import { frConsole } from '../../../../shared/i18n/frConsole';

/** A template that does not compile: the field at fault, and the server's message with its line and column. */
export interface CompileFailure {
  field: string | null;
  message: string;
}

/** The compile failure a preview call answered (a 400), or null for success or another failure. */
export function compileFailureOf(error: unknown): CompileFailure | null {
  if (!error || !isApiError(error) || error.status !== 400) return null;
  const data = error.data;
  const field = data && typeof data === 'object' && typeof (data as { field?: unknown }).field === 'string' ? (data as { field: string }).field : null;
  return { field, message: error.message };
}

/** The one way the editor says a template cannot be sent: the Code tab and the Contenu tab show the same words. */
export function CannotBeSent() {
  return (
    <Alert severity="warning" role="alert">
      {frConsole.templates.cannotBeSent}
    </Alert>
  );
}

/** The compile message itself (where and why). */
export function CompileMessage({ failure }: { failure: CompileFailure }) {
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {failure.message}
    </Alert>
  );
}
