import { Button, Stack, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { frSignIn } from '../../../shared/i18n/frSignIn';
import { Popin } from '../../../shared/ui/Popin';
import { SignupForm } from './SignupForm';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Signed up with that e-mail: the page says so (the popin closes through it). */
  onSignedUp: (email: string) => void;
  /** The visitor has a space on another device: the page opens the sign-in popin instead. */
  onSignIn?: () => void;
}

/** The signup popin of spec §2.3; it closes once signed up. */
export function SignupPopin({ open, onClose, onSignedUp, onSignIn }: Props) {
  return (
    <Popin open={open} title={fr.visitors.signupTitle} onClose={onClose}>
      <SignupForm onSignedUp={onSignedUp} />
      {onSignIn && <OtherDevice onSignIn={onSignIn} />}
    </Popin>
  );
}

/** 'Déjà un espace … ?' and the button that opens the sign-in popin (signup and login popins). */
export function OtherDevice({ onSignIn }: { onSignIn: () => void }) {
  return (
    <Stack spacing={1} sx={{ mt: 3, alignItems: 'flex-start' }}>
      <Typography variant="body2">{frSignIn.otherDevice}</Typography>
      <Button variant="outlined" onClick={onSignIn}>
        {frSignIn.title}
      </Button>
    </Stack>
  );
}

/**
 * 'Retrouver mon espace' (issue 24): a visitor whose space lives on another device gives its
 * address and is mailed a sign-in link; opening it in this browser (a button, a POST) hands it
 * the visitor's token.
 */
export function SignInPopin({ open, onClose, onSignedUp }: Omit<Props, 'onSignIn'>) {
  return (
    <Popin open={open} title={frSignIn.title} onClose={onClose}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {frSignIn.intro}
      </Typography>
      <SignupForm onSignedUp={onSignedUp} mode="signin" />
    </Popin>
  );
}
