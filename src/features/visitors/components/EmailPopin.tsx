import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Box, Button, Stack, TextField } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { isSimpleEmail } from '../../../shared/lib/validation';
import { Popin } from '../../../shared/ui/Popin';
import { emailSaved } from '../slice';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The e-mail was saved as userEmail. */
  onSaved: (email: string) => void;
}

/**
 * The email popin of spec §2.3, opened when a visitor rates without a known e-mail. An
 * address off the simple pattern is refused with an alert (spec §5).
 */
export function EmailPopin({ open, onClose, onSaved }: Props) {
  const [email, setEmail] = useState('');
  const dispatch = useDispatch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isSimpleEmail(value)) {
      window.alert(fr.visitors.invalidEmail);
      return;
    }
    dispatch(emailSaved(value));
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
          <Button type="submit" variant="contained">
            {fr.visitors.emailSave}
          </Button>
        </Stack>
      </Box>
    </Popin>
  );
}
