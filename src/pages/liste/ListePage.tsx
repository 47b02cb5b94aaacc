import { Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { fr } from '../../shared/i18n/fr';

export function ListePage() {
  const { theme = '' } = useParams();
  return (
    <Typography variant="h4" component="h1">
      {fr.public.listeTitle(theme)}
    </Typography>
  );
}
