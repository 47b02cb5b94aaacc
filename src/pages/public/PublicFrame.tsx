import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { darkTheme, theme, useColorMode } from '../../app/theme';
import { visitorForgotten } from '../../shared/session';
import { lazyPart, useOpenedOnce } from '../../shared/ui/lazyPart';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import { PublicPopinsContext } from './publicPopins';
import type { Notice } from './FrameNotice';

// The popins load when first opened: they are not part of the first paint.
const LoginPopin = lazyPart(() => import('../../features/auth/components/LoginPopin').then((m) => m.LoginPopin));
const SignupPopin = lazyPart(() => import('../../features/visitors/components/SignupPopin').then((m) => m.SignupPopin));
const SignInPopin = lazyPart(() => import('../../features/visitors/components/SignupPopin').then((m) => m.SignInPopin));
const OtherDevice = lazyPart(() => import('../../features/visitors/components/SignupPopin').then((m) => m.OtherDevice));
const ListSubscribeForm = lazyPart(() => import('../../features/lists/components/ListSubscribeForm').then((m) => m.ListSubscribeForm));
const SubscribeDialog = lazyPart(() => import('../../features/visitors/components/SubscribeDialog').then((m) => m.SubscribeDialog));

// What just happened, shown after the visitor acts: the Alert's code loads then.
const FrameNotice = lazyPart(() => import('./FrameNotice').then((m) => m.FrameNotice));

/**
 * Every public page: header, footer, the login, signup and subscribe popins they open, and what
 * just happened (signed up, forgotten). The public side follows the system's dark mode unless
 * the visitor chose otherwise.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  // `?abonnement={list}` opens the subscribe dialog on that list (double opt-in): a creator's link.
  const [params] = useSearchParams();
  const subscribeList = /^[1-9]\d{0,9}$/.test(params.get('abonnement') ?? '') ? Number(params.get('abonnement')) : null;
  const [popin, setPopin] = useState<'login' | 'signup' | 'signin' | 'subscribe' | null>(subscribeList ? 'subscribe' : null);
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
  const loginOpened = useOpenedOnce(popin === 'login');
  const signupOpened = useOpenedOnce(popin === 'signup');
  const subscribeOpened = useOpenedOnce(popin === 'subscribe');
  const signInOpened = useOpenedOnce(popin === 'signin');
  // A visitor whose space lives on another device: from the signup or the login popin.
  const openSignIn = () => setPopin('signin');
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
          <Suspense fallback={null}>
            <FrameNotice notice={notice} onDismiss={() => setNotice(null)} />
          </Suspense>
        )}
        {children}
        <PublicFooter />
        <Suspense fallback={null}>
          {loginOpened && (
            <LoginPopin
              open={popin === 'login'}
              onClose={close}
              onSuccess={() => {
                close();
                // Spec §4: a successful login goes to the console, as from /login.
                navigate('/influenceur');
              }}
            >
              <OtherDevice onSignIn={openSignIn} />
            </LoginPopin>
          )}
          {signupOpened && <SignupPopin open={popin === 'signup'} onClose={close} onSignedUp={signedUp} onSignIn={openSignIn} />}
          {signInOpened && <SignInPopin open={popin === 'signin'} onClose={close} onSignedUp={signedUp} />}
          {subscribeOpened && (
            <SubscribeDialog open={popin === 'subscribe'} onClose={close} onSignedUp={signedUp}>
              {subscribeList ? <ListSubscribeForm grp={subscribeList} /> : undefined}
            </SubscribeDialog>
          )}
        </Suspense>
      </PublicPopinsContext.Provider>
    </ThemeProvider>
  );
}
