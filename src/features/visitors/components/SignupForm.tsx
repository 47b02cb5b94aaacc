import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { frSignIn } from '../../../shared/i18n/frSignIn';
import { isSimpleEmail } from '../../../shared/lib/validation';
import { useSignUpMutation } from '../api';
import { signedUp } from '../slice';

interface Props {
  onSignedUp: (email: string) => void;
  /**
   * 'signin': the visitor says they have a space already (another device); the button asks for
   * a sign-in link. The request is the same sign-up: an address with a space is mailed a link,
   * an address without one gets its space at once.
   */
  mode?: 'signup' | 'signin';
}

/**
 * Email and 'Je m'inscris pour démarrer'. An e-mail off the simple pattern sends nothing and
 * shows nothing (spec §5); a failure is only logged (spec §8); success keeps the token.
 */
export function SignupForm({ onSignedUp, mode = 'signup' }: Props) {
  const [email, setEmail] = useState('');
  const [signUp, { isLoading }] = useSignUpMutation();
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const dispatch = useDispatch();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isSimpleEmail(value)) return;
    try {
      const { tokenAc } = await signUp({ email: value, url: window.location.href }).unwrap();
      if (tokenAc === null) {
        // The address has a space: this browser gets it through the link just mailed.
        setLinkSentTo(value);
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
        {linkSentTo && (
          <Alert severity="info" role="status">
            {frSignIn.linkSent(linkSentTo)}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
