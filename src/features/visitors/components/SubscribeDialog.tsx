import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { appConfig } from '../../../shared/config/appConfig';
import { fr } from '../../../shared/i18n/fr';
import { Popin } from '../../../shared/ui/Popin';
import { SignupForm } from './SignupForm';

interface Props {
  /** What the dialog asks instead of the visitor's sign-up (a list's subscription form). */
  children?: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Signed up with that e-mail: the page says so (the dialog closes through it). */
  onSignedUp: (email: string) => void;
}

/**
 * The subscribe dialog of spec §2.3: no control of the pages opens it; code does (the
 * public frame's `openSubscribe`). It signs the visitor up like the signup popin.
 */
export function SubscribeDialog({ children, open, onClose, onSignedUp }: Props) {
  return (
    <Popin open={open} title={fr.visitors.subscribeTitle(appConfig.productName)} onClose={onClose}>
      <Typography sx={{ mb: 1 }}>{fr.visitors.subscribeQuestion}</Typography>
      {children ?? <SignupForm onSignedUp={onSignedUp} />}
    </Popin>
  );
}
