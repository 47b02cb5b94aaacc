import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import { selectSessionUser } from '../../../shared/session';
import { useGetUserQuery } from '../api';
import { loggedOut } from '../slice';

/**
 * Guards the back-office: no stored user goes to /login; the user's info is fetched on
 * mount, and a failure clears the stored session (spec §4).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const user = useSelector(selectSessionUser);
  const dispatch = useDispatch();
  const { isError, isLoading } = useGetUserQuery(user?.id ?? 0, { skip: !user });

  useEffect(() => {
    if (isError) dispatch(loggedOut());
  }, [isError, dispatch]);

  if (!user || isError) return <Navigate to="/login" replace />;
  if (isLoading) return <LinearProgress aria-label="chargement" />;
  return <>{children}</>;
}
