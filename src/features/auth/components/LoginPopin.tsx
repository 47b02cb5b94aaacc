import type { ReactNode } from 'react';
import { fr } from '../../../shared/i18n/fr';
import { Popin } from '../../../shared/ui/Popin';
import { LoginForm } from './LoginForm';

interface Props {
  open: boolean;
  onClose: () => void;
  onSuccess: () => void;
  /** What the page adds under the form (the public pages: a visitor's way back, without password). */
  children?: ReactNode;
}

/** The public pages' login popin (spec §2.3): the same sign-in as /login. */
export function LoginPopin({ open, onClose, onSuccess, children }: Props) {
  return (
    <Popin open={open} title={fr.auth.loginTitle} onClose={onClose}>
      <LoginForm onSuccess={onSuccess} />
      {children}
    </Popin>
  );
}
