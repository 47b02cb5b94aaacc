import { Alert, type SxProps } from '@mui/material';
import { errorMessage } from '../../../shared/api';

/** A failed call's message, or nothing. */
export function ErrorAlert({ error, sx }: { error: unknown; sx?: SxProps }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={sx}>
      {errorMessage(error)}
    </Alert>
  );
}
