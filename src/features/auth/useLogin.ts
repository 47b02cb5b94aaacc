import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useLoginCheckMutation, type Credentials } from './api';
import { loggedIn } from './slice';
import { sessionUserFromToken } from './token';

/**
 * Signs in through login_check and stores the session user; resolves once stored. An answer
 * carrying recovery codes (two-factor sign-in just set up) is not stored yet: the caller shows
 * the codes, then calls `store`.
 */
export function useLogin() {
  const dispatch = useDispatch();
  const [loginCheck, state] = useLoginCheckMutation();
  const login = useCallback(
    async (credentials: Credentials): Promise<{ recoveryCodes?: string[]; store: () => void }> => {
      const { token, recoveryCodes } = await loginCheck(credentials).unwrap();
      const store = () => {
        dispatch(loggedIn(sessionUserFromToken(token)));
      };
      if (!recoveryCodes) store();
      return { recoveryCodes, store };
    },
    [dispatch, loginCheck],
  );
  return [login, state] as const;
}
