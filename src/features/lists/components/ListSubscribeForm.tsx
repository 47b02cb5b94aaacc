import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frConsole } from '../../../shared/i18n/frConsole';
import { isSimpleEmail } from '../../../shared/lib/validation';
import { useSubscribeToListMutation } from '../api';

/** The subscribe dialog's form on a list with double opt-in: the address waits for its confirmation. */
export function ListSubscribeForm({ grp }: { grp: number }) {
  const [email, setEmail] = useState('');
  const [subscribe, { data, error, isLoading }] = useSubscribeToListMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSimpleEmail(email.trim())) void subscribe({ grp, email: email.trim() });
  };
  if (data) return <Alert severity="success" role="status">{data.message}</Alert>;
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit} sx={{ pt: 1 }}>
      <TextField autoFocus type="email" size="small" label={frConsole.lists.subscribeEmail} value={email} onChange={(e) => setEmail(e.target.value)} required />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Button type="submit" variant="contained" disabled={isLoading || !isSimpleEmail(email.trim())}>
        {frConsole.lists.subscribeButton}
      </Button>
    </Stack>
  );
}
