import { Box, Button, Link, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { appConfig } from '../../shared/config/appConfig';
import { fr } from '../../shared/i18n/fr';
import { usePublicPopins } from './publicPopins';

/** The logo leading to the delivery site, 'Démarrer gratuitement' and 'Se connecter' (spec §2.2). */
export function PublicHeader() {
  const { openSignup, openLogin } = usePublicPopins();
  const logo = <Box component="img" src="/logo.svg" alt={appConfig.productName} sx={{ height: 40, display: 'block' }} />;
  return (
    <Stack component="header" direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
      <Box sx={{ flexGrow: 1 }}>
        {appConfig.deliverySiteUrl ? (
          <Link href={appConfig.deliverySiteUrl} aria-label={appConfig.productName}>
            {logo}
          </Link>
        ) : (
          <Link component={RouterLink} to="/" aria-label={appConfig.productName}>
            {logo}
          </Link>
        )}
      </Box>
      <Button variant="contained" color="secondary" onClick={openSignup}>
        {fr.public.startFree}
      </Button>
      <Button variant="outlined" onClick={openLogin}>
        {fr.public.login}
      </Button>
    </Stack>
  );
}
