import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { fr } from '../i18n/fr';

interface Props {
  open: boolean;
  title: string;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** "Oui"'s colour: red (the default) for what removes or stops, primary for what goes ahead (a publication). */
  confirmColor?: 'error' | 'primary';
}

/** Asks before something that cannot be taken back, answered Oui or Non. */
export function ConfirmDialog({ open, title, text, onConfirm, onCancel, busy = false, confirmColor = 'error' }: Props) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{fr.common.no}</Button>
        <Button onClick={onConfirm} variant="contained" color={confirmColor} disabled={busy}>
          {fr.common.yes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
