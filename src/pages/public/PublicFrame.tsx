import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoginPopin } from '../../features/auth';
import { SignupPopin, SubscribeDialog } from '../../features/visitors';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import { PublicPopinsContext } from './publicPopins';

/** Every public page: header, footer, and the login, signup and subscribe popins they open. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const [popin, setPopin] = useState<'login' | 'signup' | 'subscribe' | null>(null);
  const navigate = useNavigate();
  const popins = useMemo(
    () => ({
      openSignup: () => setPopin('signup'),
      openLogin: () => setPopin('login'),
      openSubscribe: () => setPopin('subscribe'),
    }),
    [],
  );
  const close = () => setPopin(null);
  return (
    <PublicPopinsContext.Provider value={popins}>
      <PublicHeader />
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
      <SignupPopin open={popin === 'signup'} onClose={close} />
      <SubscribeDialog open={popin === 'subscribe'} onClose={close} />
    </PublicPopinsContext.Provider>
  );
}
