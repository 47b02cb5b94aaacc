import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
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
  const location = useLocation();
  const { isError, isLoading } = useGetUserQuery(user?.id ?? 0, { skip: !user });

  useEffect(() => {
    if (isError) dispatch(loggedOut());
  }, [isError, dispatch]);

  // /login returns to the address that was asked for (docs/architecture.md, «Console addresses»).
  if (!user || isError) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (isLoading) return <LinearProgress aria-label="chargement" />;
  return <>{children}</>;
}
