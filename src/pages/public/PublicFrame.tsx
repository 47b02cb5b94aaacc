import { useMemo, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, CssBaseline, IconButton, Stack, ThemeProvider } from '@mui/material';
import { darkTheme, theme, useColorMode } from '../../app/theme';
import { LoginPopin } from '../../features/auth';
import { SignupPopin, SubscribeDialog } from '../../features/visitors';
import { fr } from '../../shared/i18n/fr';
import { visitorForgotten } from '../../shared/session';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import { PublicPopinsContext } from './publicPopins';

type Notice = { kind: 'signedUp'; email: string } | { kind: 'forgotten' };

/**
 * Every public page: header, footer, the login, signup and subscribe popins they open, and what
 * just happened (signed up, forgotten). The public side follows the system's dark mode unless
 * the visitor chose otherwise.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const [popin, setPopin] = useState<'login' | 'signup' | 'subscribe' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const { mode, toggle } = useColorMode();
  const popins = useMemo(
    () => ({
      openSignup: () => setPopin('signup'),
      openLogin: () => setPopin('login'),
      openSubscribe: () => setPopin('subscribe'),
    }),
    [],
  );
  const close = () => setPopin(null);
  const signedUp = (email: string) => {
    close();
    setNotice({ kind: 'signedUp', email });
  };
  const forget = () => {
    dispatch(visitorForgotten());
    setNotice({ kind: 'forgotten' });
  };
  return (
    <ThemeProvider theme={mode === 'dark' ? darkTheme : theme}>
      <CssBaseline />
      <PublicPopinsContext.Provider value={popins}>
        <PublicHeader mode={mode} onToggleMode={toggle} onForget={forget} />
        {notice && (
          <Alert
            severity="success"
            role="status"
            sx={{ mb: 3 }}
            action={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {notice.kind === 'signedUp' && (
                  <Button color="inherit" size="small" component={RouterLink} to="/userPage" onClick={() => setNotice(null)}>
                    {fr.space.goToSpace}
                  </Button>
                )}
                <IconButton color="inherit" size="small" aria-label={fr.space.dismiss} onClick={() => setNotice(null)}>
                  ×
                </IconButton>
              </Stack>
            }
          >
            {notice.kind === 'signedUp' ? fr.space.signedUp(notice.email) : fr.space.forgotten}
          </Alert>
        )}
        {children}
        <PublicFooter />
        <LoginPopin
          open={popin === 'login'}
          onClose={close}
          onSuccess={() => {
            close();
            // Spec §4: a successful login goes to the console, as from /login.
            navigate('/influenceur');
          }}
        />
        <SignupPopin open={popin === 'signup'} onClose={close} onSignedUp={signedUp} />
        <SubscribeDialog open={popin === 'subscribe'} onClose={close} onSignedUp={signedUp} />
      </PublicPopinsContext.Provider>
    </ThemeProvider>
  );
}
