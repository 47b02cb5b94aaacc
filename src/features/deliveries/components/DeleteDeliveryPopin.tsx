import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';

const t = fr.deliveries;

/** The detail popin that confirms a delivery's deletion (spec §2.5): Oui or Non. */
export function DeleteDeliveryPopin({ label, onYes, onNo }: { label: string; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog open onClose={onNo} aria-labelledby="delete-delivery-title">
      <DialogTitle id="delete-delivery-title">{t.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t.deleteQuestion(label)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo}>{t.no}</Button>
        <Button color="error" variant="contained" onClick={onYes}>
          {t.yes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
