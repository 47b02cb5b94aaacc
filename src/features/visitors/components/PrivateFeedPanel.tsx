import { useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frComeBack } from '../../../shared/i18n/frComeBack';
import { useRenewFeedMutation } from '../api';

/** The visitor's private Atom feed: its address to copy, and a way to retire it for a new one. */
export function PrivateFeedPanel({ token, feedUrl }: { token: string; feedUrl: string }) {
  const [renew, renewing] = useRenewFeedMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    try {
      await renew({ token }).unwrap();
      setMessage({ ok: true, text: frComeBack.feedRenewed });
    } catch (failure) {
      setMessage({ ok: false, text: errorMessage(failure) });
    }
  };
  return (
    <Stack spacing={1} component="section" aria-label={frComeBack.feedTitle}>
      <Typography variant="subtitle1" component="h3">
        {frComeBack.feedTitle}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {frComeBack.feedHelp}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label={frComeBack.feedUrl}
          value={feedUrl}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
        />
        <Button variant="outlined" onClick={() => void run()} disabled={renewing.isLoading} sx={{ flexShrink: 0 }}>
          {frComeBack.renewFeed}
        </Button>
      </Stack>
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}
