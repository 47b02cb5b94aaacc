import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { selectSessionUser } from '../shared/session';

/** When a stored session ends (logout, expiry, refused token), the app goes to /login. */
export function SessionEndRedirect() {
  const user = useSelector(selectSessionUser);
  const navigate = useNavigate();
  const hadUser = useRef(user !== null);
  useEffect(() => {
    if (hadUser.current && user === null) navigate('/login', { replace: true });
    hadUser.current = user !== null;
  }, [user, navigate]);
  return null;
}
