import { fr } from '../../../shared/i18n/fr';
import { Popin } from '../../../shared/ui/Popin';
import { SignupForm } from './SignupForm';

/** The signup popin of spec §2.3; it closes once signed up. */
export function SignupPopin({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Popin open={open} title={fr.visitors.signupTitle} onClose={onClose}>
      <SignupForm onSignedUp={onClose} />
    </Popin>
  );
}
