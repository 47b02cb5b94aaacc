import { fr } from '../../../shared/i18n/fr';
import { Popin } from '../../../shared/ui/Popin';
import { LoginForm } from './LoginForm';

interface Props {
  open: boolean;
  onClose: () => void;
  onSuccess: () => void;
}

/** The public pages' login popin (spec §2.3): the same sign-in as /login. */
export function LoginPopin({ open, onClose, onSuccess }: Props) {
  return (
    <Popin open={open} title={fr.auth.loginTitle} onClose={onClose}>
      <LoginForm onSuccess={onSuccess} />
    </Popin>
  );
}
