import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { frSignIn } from '../../../shared/i18n/frSignIn';
import { isSimpleEmail } from '../../../shared/lib/validation';
import { useSignUpMutation } from '../api';
import { useRequestSignInLinkMutation } from '../spaceApi';
import { signedUp } from '../slice';

interface Props {
  onSignedUp: (email: string) => void;
  /**
   * 'signin': the visitor says they have a space already (another device); the button asks for
   * a sign-in link, mailed when the address has a space. The answer is the same either way (it
   * tells nobody who has a space), and no space is made (issue 42).
   */
  mode?: 'signup' | 'signin';
}

/**
 * Email and 'Je m'inscris pour démarrer'. An e-mail off the simple pattern sends nothing and
 * shows nothing (spec §5); a failure is only logged (spec §8); success keeps the token.
 */
export function SignupForm({ onSignedUp, mode = 'signup' }: Props) {
  const [email, setEmail] = useState('');
  const [signUp, signingUp] = useSignUpMutation();
  const [requestLink, requesting] = useRequestSignInLinkMutation();
  const isLoading = signingUp.isLoading || requesting.isLoading;
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const dispatch = useDispatch();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isSimpleEmail(value)) return;
    try {
      if (mode === 'signin') {
        await requestLink({ email: value }).unwrap();
        setLinkSent(frSignIn.linkMaybeSent);
        return;
      }
      const { tokenAc } = await signUp({ email: value, url: window.location.href }).unwrap();
      if (tokenAc === null) {
        // The address has a space: this browser gets it through the link just mailed.
        setLinkSent(frSignIn.linkSent(value));
        return;
      }
      dispatch(signedUp({ email: value, token: tokenAc }));
      onSignedUp(value);
    } catch (error) {
      console.error('Signup failure', error);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={fr.visitors.email}
          type="email"
          name="email"
          autoComplete="email"
          // A keyboard user types at once: the popin opens with the focus in its field.
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {mode === 'signin' ? frSignIn.submit : fr.visitors.signupSubmit}
        </Button>
        {linkSent && (
          <Alert severity="info" role="status">
            {linkSent}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
