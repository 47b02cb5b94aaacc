import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { isSimpleEmail } from '../../../shared/lib/validation';
import { Popin } from '../../../shared/ui/Popin';
import { useSignUpMutation } from '../api';
import { emailSaved, signedUp } from '../slice';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The e-mail was saved as userEmail. */
  onSaved: (email: string) => void;
}

/**
 * The email popin of spec §2.3, opened when a visitor rates without a known e-mail. An
 * address off the simple pattern is refused with an alert (spec §5). Ratings belong to their
 * author (issue 24): the address gets a space of its own (without opt-in) and this browser its
 * token; an address that has a space already is mailed a sign-in link, and the popin says so
 * rather than losing the rating silently.
 */
export function EmailPopin({ open, onClose, onSaved }: Props) {
  const [email, setEmail] = useState('');
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [signUp, { isLoading }] = useSignUpMutation();
  const dispatch = useDispatch();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isSimpleEmail(value)) {
      window.alert(fr.visitors.invalidEmail);
      return;
    }
    try {
      const { tokenAc } = await signUp({ email: value, url: window.location.href, optin: false }).unwrap();
      if (tokenAc === null) {
        setLinkSentTo(value);
        return;
      }
      dispatch(signedUp({ email: value, token: tokenAc }));
    } catch (error) {
      // The server did not answer: the e-mail is kept as the spec's popin does.
      console.error('Signup failure', error);
      dispatch(emailSaved(value));
    }
    onSaved(value);
  };

  return (
    <Popin open={open} title={fr.visitors.emailTitle} onClose={onClose}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={fr.visitors.email}
            type="email"
            name="email"
            autoComplete="email"
            // A keyboard user types at once: the popin opens with the focus in its field.
            autoFocus
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" variant="contained" disabled={isLoading}>
            {fr.visitors.emailSave}
          </Button>
          {linkSentTo && (
            <Alert severity="info" role="status">
              {fr.visitors.signInLinkSent(linkSentTo)}
            </Alert>
          )}
        </Stack>
      </Box>
    </Popin>
  );
}
