import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frPasswordReset as copy } from '../../../shared/i18n/frPasswordReset';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useForgotPasswordMutation } from '../api';

/** « Mot de passe oublié ? »: the server answers the same sentence for every address. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [ask, { isLoading }] = useForgotPasswordMutation();
  const missing = !email.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    try {
      const { message } = await ask({ email: email.trim() }).unwrap();
      setResult({ severity: 'success', text: message });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="forgot-password-title">
      <Stack spacing={2}>
        <Typography id="forgot-password-title" variant="h6" component="h2">
          {copy.forgot}
        </Typography>
        <Typography variant="body2">{copy.forgotIntro}</Typography>
        <TextField
          autoFocus
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={tried && missing}
          helperText={tried && missing ? copy.emailRequired : ' '}
        />
        <Button type="submit" variant="outlined" disabled={isLoading}>
          {copy.forgotSubmit}
        </Button>
        <Feedback message={result} />
      </Stack>
    </Box>
  );
}
