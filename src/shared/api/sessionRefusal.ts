import type { Dispatch } from '@reduxjs/toolkit';
import { selectSessionUser, sessionExpired, type SessionRootState } from '../session';

/** A 401 or 403 while a user is stored ends the session (spec §4), whichever client got it. */
export function endSessionOnRefusal(status: number | string, getState: () => unknown, dispatch: Dispatch): void {
  if ((status === 401 || status === 403) && selectSessionUser(getState() as SessionRootState)) dispatch(sessionExpired());
}
