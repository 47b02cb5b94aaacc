import { Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { Box, Button, IconButton, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { appConfig } from '../../shared/config/appConfig';
import { fr } from '../../shared/i18n/fr';
import { selectUserEmail, type SessionRootState } from '../../shared/session';
import { lazyPart, useOpenedOnce } from '../../shared/ui/lazyPart';
import { usePublicPopins } from './publicPopins';

// Loaded when the visitor first asks to be forgotten: not part of the first paint.
const ConfirmDialog = lazyPart(() => import('../../shared/ui/ConfirmDialog').then((m) => m.ConfirmDialog));

interface Props {
  mode: 'light' | 'dark';
  onToggleMode: () => void;
  /** The visitor confirmed that this browser should forget them. */
  onForget: () => void;
}

/**
 * The logo leading to the delivery site, 'Démarrer gratuitement' and 'Se connecter' (spec §2.2).
 * Once the browser knows the visitor's e-mail, it shows it instead of the signup button, with a
 * link to their space and a way to forget it; and the light/dark switch.
 */
export function PublicHeader({ mode, onToggleMode, onForget }: Props) {
  const { openSignup, openLogin } = usePublicPopins();
  const email = useSelector((state: SessionRootState) => selectUserEmail(state));
  const [confirming, setConfirming] = useState(false);
  const confirmOpened = useOpenedOnce(confirming);
  const logo = <Box component="img" src="/logo.svg" alt={appConfig.productName} sx={{ height: 40, display: 'block' }} />;
  const switchLabel = fr.space.themeSwitch(mode === 'dark');
  return (
    <Stack component="header" direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
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
      {email ? (
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-label={fr.space.signedInAs(email)}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="visitor-email">
            {email}
          </Typography>
          <Button variant="contained" color="secondary" component={RouterLink} to="/userPage">
            {fr.space.mySpace}
          </Button>
          <Button size="small" onClick={() => setConfirming(true)}>
            {fr.space.forget}
          </Button>
        </Stack>
      ) : (
        <Button variant="contained" color="secondary" onClick={openSignup}>
          {fr.public.startFree}
        </Button>
      )}
      <Button variant="outlined" onClick={openLogin}>
        {fr.public.login}
      </Button>
      {/* The browser's own tooltip: MUI's Tooltip brings Popper into the first page's JavaScript. */}
      <IconButton onClick={onToggleMode} aria-label={fr.space.darkMode} aria-pressed={mode === 'dark'} title={switchLabel}>
        <span aria-hidden="true">{mode === 'dark' ? '☀' : '☾'}</span>
      </IconButton>
      {confirmOpened && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={fr.space.forgetTitle}
            text={fr.space.forgetText}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              onForget();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
