import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { fr } from '../i18n/fr';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The public popins' frame (spec §2.3): a title, and closing on the backdrop or on ×. */
export function Popin({ open, title, onClose, children }: Props) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="popin-title">
      <DialogTitle id="popin-title" sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={fr.common.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        ×
      </IconButton>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}
