import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { isApiError } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { useLogin } from '../useLogin';

interface Props {
  onSuccess: () => void;
}

interface FieldErrors {
  email?: string;
  password?: string;
}

/** Email and password; empty fields send nothing, a refused login shows the server's message. */
export function LoginForm({ onSuccess }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [login, { isLoading }] = useLogin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!email.trim()) found.email = fr.auth.emailRequired;
    if (!password) found.password = fr.auth.passwordRequired;
    setErrors(found);
    if (found.email || found.password) return;
    setApiError(null);
    try {
      await login({ email: email.trim(), password });
      onSuccess();
    } catch (error) {
      setApiError(isApiError(error) ? error.message : fr.errors.network);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <TextField
          label={fr.auth.email}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!errors.email}
          helperText={errors.email}
        />
        <TextField
          label={fr.auth.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!errors.password}
          helperText={errors.password}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {fr.auth.submit}
        </Button>
        {apiError && (
          <Alert severity="error" role="alert">
            {apiError}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
