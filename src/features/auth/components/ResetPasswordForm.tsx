import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../shared/api';
import { frPasswordReset as copy } from '../../../shared/i18n/frPasswordReset';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useResetPasswordMutation } from '../api';
import { NEW_PASSWORD_MIN_LENGTH } from '../passwordRules';

/** The new password, twice, sent with the link's token; every session of the account ends. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [reset, { isLoading, isSuccess }] = useResetPasswordMutation();
  const tooShort = password.length < NEW_PASSWORD_MIN_LENGTH;
  const differs = confirmation !== password;

  if (!token) return <Feedback message={{ severity: 'error', text: copy.missingToken }} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (tooShort || differs) return;
    try {
      await reset({ token, password }).unwrap();
      setResult({ severity: 'success', text: copy.done });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <TextField
          autoFocus
          type="password"
          autoComplete="new-password"
          label={copy.password}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={tried && tooShort}
          helperText={tried && tooShort ? copy.tooShort(NEW_PASSWORD_MIN_LENGTH) : ' '}
          disabled={isSuccess}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={copy.confirm}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={tried && differs}
          helperText={tried && differs ? copy.differ : ' '}
          disabled={isSuccess}
        />
        {isSuccess ? (
          <Button component={RouterLink} to="/login" variant="contained">
            {copy.toLogin}
          </Button>
        ) : (
          <Button type="submit" variant="contained" disabled={isLoading}>
            {copy.submit}
          </Button>
        )}
        <Feedback message={result} />
      </Stack>
    </Box>
  );
}
