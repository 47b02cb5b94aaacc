import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useChangePasswordMutation } from '../api';
import { NEW_PASSWORD_MIN_LENGTH as MIN_LENGTH } from '../passwordRules';

/** 'Changer mon mot de passe': the current one, the new one twice; the user's other sessions end. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [change, { isLoading }] = useChangePasswordMutation();

  const tooShort = newPassword.length < MIN_LENGTH;
  const differs = confirmation !== newPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!currentPassword || tooShort || differs) return;
    try {
      await change({ currentPassword, newPassword }).unwrap();
      setResult({ severity: 'success', text: fr.auth.passwordChanged });
      setCurrent('');
      setNew('');
      setConfirmation('');
      setTried(false);
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="change-password-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="change-password-title">{fr.auth.changePassword}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="password"
            autoComplete="current-password"
            label={fr.auth.currentPassword}
            value={currentPassword}
            onChange={(event) => setCurrent(event.target.value)}
            error={tried && !currentPassword}
            helperText={tried && !currentPassword ? fr.auth.currentPasswordRequired : ' '}
          />
          <TextField
            fullWidth
            margin="dense"
            type="password"
            autoComplete="new-password"
            label={fr.auth.newPassword}
            value={newPassword}
            onChange={(event) => setNew(event.target.value)}
            error={tried && tooShort}
            helperText={tried && tooShort ? fr.auth.newPasswordTooShort(MIN_LENGTH) : fr.auth.newPasswordHint}
          />
          <TextField
            fullWidth
            margin="dense"
            type="password"
            autoComplete="new-password"
            label={fr.auth.confirmPassword}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={tried && differs}
            helperText={tried && differs ? fr.auth.passwordsDiffer : ' '}
          />
          <Feedback message={result} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{fr.common.close}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {fr.auth.changePasswordSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
