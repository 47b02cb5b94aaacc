import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { fr } from '../../shared/i18n/fr';

/** What a public page says for a list or theme that does not exist, with the way home. */
export function NotFoundNotice({ title, text }: { title: string; text: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography>{text}</Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {fr.space.backHome}
      </Button>
    </Stack>
  );
}
