import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { isApiError } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frTotp } from '../../../shared/i18n/frTotp';
import type { TotpSetup } from '../totpApi';
import { useLogin } from '../useLogin';
import { RecoveryCodesView, TotpCodeField, TotpSecretView } from './TotpSetupView';

interface Props {
  onSuccess: () => void;
}

interface FieldErrors {
  email?: string;
  password?: string;
  code?: string;
}

/** What a 401 asking for the second factor carries: `totp`, and with `setup` a secret to add first. */
interface TotpRefusal extends Partial<TotpSetup> {
  totp?: boolean;
  setup?: boolean;
}

/**
 * Email and password; empty fields send nothing, a refused login shows the server's message.
 * When the server asks for a second factor (401 `{totp: true}`), a code field follows (with the
 * QR code to scan first when an admin must set it up); recovery codes answered show once.
 */
export function LoginForm({ onSuccess }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [asksCode, setAsksCode] = useState(false);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recovery, setRecovery] = useState<{ codes: string[]; store: () => void } | null>(null);
  const [login, { isLoading }] = useLogin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!email.trim()) found.email = fr.auth.emailRequired;
    if (!password) found.password = fr.auth.passwordRequired;
    if (asksCode && !code.trim()) found.code = frTotp.codeRequired;
    setErrors(found);
    if (found.email || found.password || found.code) return;
    setApiError(null);
    try {
      const answer = await login({ email: email.trim(), password, ...(asksCode ? { code: code.trim() } : {}) });
      if (answer.recoveryCodes) setRecovery({ codes: answer.recoveryCodes, store: answer.store });
      else onSuccess();
    } catch (error) {
      const refusal = (isApiError(error) ? error.data : null) as TotpRefusal | null;
      if (refusal?.totp) {
        setAsksCode(true);
        if (refusal.setup && refusal.secret && refusal.qr) setSetup({ secret: refusal.secret, uri: refusal.uri ?? '', qr: refusal.qr });
      }
      setApiError(isApiError(error) ? error.message : fr.errors.network);
    }
  };

  if (recovery) {
    return (
      <Stack spacing={2}>
        <RecoveryCodesView codes={recovery.codes} />
        <Button
          variant="contained"
          onClick={() => {
            recovery.store();
            onSuccess();
          }}
        >
          {frTotp.continue}
        </Button>
      </Stack>
    );
  }

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
        {setup && <TotpSecretView secret={setup.secret} qr={setup.qr} />}
        {asksCode && <TotpCodeField value={code} onChange={setCode} error={errors.code} />}
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
