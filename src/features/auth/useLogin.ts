import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useLoginCheckMutation, type Credentials } from './api';
import { loggedIn } from './slice';
import { sessionUserFromToken } from './token';

/** Signs in through login_check and stores the session user; resolves once stored. */
export function useLogin() {
  const dispatch = useDispatch();
  const [loginCheck, state] = useLoginCheckMutation();
  const login = useCallback(
    async (credentials: Credentials) => {
      const { token } = await loginCheck(credentials).unwrap();
      dispatch(loggedIn(sessionUserFromToken(token)));
    },
    [dispatch, loginCheck],
  );
  return [login, state] as const;
}
