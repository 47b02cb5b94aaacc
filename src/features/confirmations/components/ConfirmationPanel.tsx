import { useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { errorMessage, isApiError } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { useConfirmMutation, useGetConfirmationQuery } from '../api';
import type { ConfirmationResult } from '../types';

interface Props {
  token: string;
  /** What the page does once confirmed (a sign-in link hands the browser its token). */
  onConfirmed?: (kind: string, result: ConfirmationResult) => void;
}

const copy = fr.confirmations;

/**
 * A confirmation link's page: says what will be confirmed, and confirms only
 * when the button is pressed — opening the link, as scanners do, changes nothing. Focus goes
 * to the heading on arrival and to the outcome after the button, for keyboards and readers.
 */
export function ConfirmationPanel({ token, onConfirmed }: Props) {
  // No token (a page reached without its link's): nothing to ask, said as an unknown link.
  const info = useGetConfirmationQuery(token || skipToken);
  const [confirm, confirmation] = useConfirmMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!info.isLoading) heading.current?.focus();
  }, [info.isLoading]);
  useEffect(() => {
    if (confirmation.isSuccess || confirmation.isError) outcome.current?.focus();
  }, [confirmation.isSuccess, confirmation.isError]);

  const onClick = async () => {
    try {
      const result = await confirm(token).unwrap();
      if (info.data) onConfirmed?.(info.data.kind, result);
    } catch {
      // Shown below from the mutation's state.
    }
  };

  if (info.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={copy.loading} />
      </Box>
    );
  }

  const unknown = !token || (info.isError && isApiError(info.error) && info.error.status === 404);
  const data = info.data;
  const unusable = data?.used ? copy.used : data?.expired ? copy.expired : null;
  const done = confirmation.isSuccess;

  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto', py: { xs: 3, sm: 6 } }}>
      <Typography variant="h4" component="h1" tabIndex={-1} ref={heading} sx={{ outline: 'none', fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
        {copy.title}
      </Typography>
      {(info.isError || !token) && (
        <Alert severity="error">{unknown ? copy.unknown : errorMessage(info.error)}</Alert>
      )}
      {data && !done && (
        <>
          <Typography>{copy.what}</Typography>
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {data.label}
          </Typography>
          {unusable ? (
            <Alert severity="warning">{unusable}</Alert>
          ) : (
            <Button variant="contained" size="large" onClick={onClick} disabled={confirmation.isLoading} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48 }}>
              {copy.button}
            </Button>
          )}
        </>
      )}
      <div ref={outcome} tabIndex={-1} aria-live="polite" style={{ outline: 'none' }}>
        {done && <Alert severity="success">{copy.done(data?.kind ?? '')}</Alert>}
        {confirmation.isError && <Alert severity="error">{errorMessage(confirmation.error)}</Alert>}
      </div>
    </Stack>
  );
}
