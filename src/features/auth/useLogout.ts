import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { loggedOut } from './slice';

/** Ends the session and goes to /login: the logout button's, and the phone menu's, action. */
export function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  }, [dispatch, navigate]);
}
