import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { selectAccessToken } from '../../shared/session';
import { useLogoutMutation } from './api';
import { loggedOut } from './slice';

/**
 * Ends the session and goes to /login: the logout button's, and the phone menu's, action. The
 * server is told (`POST /api/logout`, so the token is refused from then on) without waiting:
 * the browser forgets the session whatever the answer, even offline.
 */
export function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const token = useSelector(selectAccessToken);
  const [logout] = useLogoutMutation();
  return useCallback(() => {
    if (token) void logout({ token }).catch(() => undefined);
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  }, [dispatch, navigate, token, logout]);
}
