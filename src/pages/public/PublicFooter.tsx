import { Divider, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { appConfig } from '../../shared/config/appConfig';
import { fr } from '../../shared/i18n/fr';

/** The contact line and the legal pages' links (spec §2.2). */
export function PublicFooter() {
  return (
    <Stack component="footer" spacing={1} sx={{ mt: 6 }}>
      <Divider />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ pt: 1 }}>
        <Typography variant="body2">
          {fr.public.contact} <Link href={`mailto:${appConfig.contactEmail}`}>{appConfig.contactEmail}</Link>
        </Typography>
        <Link component={RouterLink} to="/legal-mentions" variant="body2">
          {fr.public.legalMentions}
        </Link>
        <Link component={RouterLink} to="/privacy-policy" variant="body2">
          {fr.public.privacyPolicy}
        </Link>
      </Stack>
    </Stack>
  );
}
