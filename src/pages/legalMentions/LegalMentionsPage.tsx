import { Typography } from '@mui/material';
import { fr } from '../../shared/i18n/fr';

export function LegalMentionsPage() {
  return (
    <Typography variant="h4" component="h1">
      {fr.public.legalMentions}
    </Typography>
  );
}
