import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { fr } from '../i18n/fr';

/** What an address naming a record that does not exist, or is someone else's, opens. */
export function NotFoundDialog({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="not-found-title">
      <DialogTitle id="not-found-title">{fr.common.notFoundTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {fr.common.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
