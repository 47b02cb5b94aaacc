import { Typography } from '@mui/material';
import { fr } from '../../shared/i18n/fr';

export function PrivacyPolicyPage() {
  return (
    <Typography variant="h4" component="h1">
      {fr.public.privacyPolicy}
    </Typography>
  );
}
