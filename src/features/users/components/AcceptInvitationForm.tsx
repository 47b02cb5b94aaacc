import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frUsers } from '../../../shared/i18n/frUsers';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useAcceptInvitationMutation } from '../api';
import { estimatePassword } from '../passwordStrength';

const t = frUsers.invitation;
/** The server's rule (server/shared/passwordRule.ts): it decides; the page only says early. */
const MIN_LENGTH = 12;

/**
 * The invitation's form: a password chosen twice, its strength estimated as it is typed, then
 * sent with the link's token. The session's token the server answers goes to `onSignedIn`.
 */
export function AcceptInvitationForm({ token, onSignedIn }: { token: string; onSignedIn: (sessionToken: string) => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [tried, setTried] = useState(false);
  // The estimate of the password it was made for: a stale one is not shown.
  const [estimate, setEstimate] = useState<{ of: string; score: number } | null>(null);
  const score = password && estimate?.of === password ? estimate.score : null;
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const tooShort = [...password].length < MIN_LENGTH;
  const differs = confirmation !== password;

  useEffect(() => {
    let current = true;
    if (password) void estimatePassword(password).then((value) => current && setEstimate({ of: password, score: value }), () => undefined);
    return () => {
      current = false;
    };
  }, [password]);

  if (!token) return <Feedback message={{ severity: 'error', text: t.missingToken }} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (tooShort || differs) return;
    setResult(null);
    try {
      const { token: session } = await accept({ token, password }).unwrap();
      onSignedIn(session);
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Typography variant="body2">{t.intro}</Typography>
        <TextField
          autoFocus
          type="password"
          autoComplete="new-password"
          label={t.password}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={tried && tooShort}
          helperText={tried && tooShort ? t.tooShort(MIN_LENGTH) : score !== null ? t.strength(t.strengths[score]) : ' '}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t.confirm}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={tried && differs}
          helperText={tried && differs ? t.differ : ' '}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t.submit}
        </Button>
        <Feedback message={result} />
      </Stack>
    </Box>
  );
}
