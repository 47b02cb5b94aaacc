import type { ReactNode } from 'react';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { LogoutButton } from '../../features/auth';
import { appConfig } from '../../shared/config/appConfig';
import { fr } from '../../shared/i18n/fr';
import { selectSessionUser } from '../../shared/session';
import { TraceDownloadButton } from '../../shared/trace';

/** The back-office pages' frame: product name, navigation, who is signed in, logout. */
export function BackOfficeFrame({ title, children }: { title: string; children: ReactNode }) {
  const user = useSelector(selectSessionUser);
  return (
    <Box>
      <AppBar position="static" color="primary" sx={{ mb: 3 }}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1 }}>
            {appConfig.productName}
          </Typography>
          <Button color="inherit" component={RouterLink} to="/dashboard">
            {fr.dashboard.title}
          </Button>
          <Button color="inherit" component={RouterLink} to="/influenceur">
            {fr.console.title}
          </Button>
          {user && (
            <Typography variant="body2" component="span">
              {fr.auth.signedInAs(user.username)}
            </Typography>
          )}
          <LogoutButton />
        </Toolbar>
      </AppBar>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
      <Box component="footer" sx={{ mt: 4, textAlign: 'right' }}>
        <TraceDownloadButton />
      </Box>
    </Box>
  );
}
