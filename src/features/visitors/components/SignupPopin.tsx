import { fr } from '../../../shared/i18n/fr';
import { Popin } from '../../../shared/ui/Popin';
import { SignupForm } from './SignupForm';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Signed up with that e-mail: the page says so (the popin closes through it). */
  onSignedUp: (email: string) => void;
}

/** The signup popin of spec §2.3; it closes once signed up. */
export function SignupPopin({ open, onClose, onSignedUp }: Props) {
  return (
    <Popin open={open} title={fr.visitors.signupTitle} onClose={onClose}>
      <SignupForm onSignedUp={onSignedUp} />
    </Popin>
  );
}
