import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from '../config/hosts';
import { selectAccessToken, selectSessionUser, sessionExpired, type SessionRootState } from '../session';
import { toApiError, type ApiError } from './apiError';

const rawBaseQuery = fetchBaseQuery({
  // No timeout: the spec sets the HTTP client's to none (§9).
  prepareHeaders: (headers, { getState }) => {
    const token = selectAccessToken(getState() as SessionRootState);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

/** Endpoints name paths under /api, or absolute URLs for the spec's other hosts. */
function withBaseUrl(args: string | FetchArgs): string | FetchArgs {
  const url = typeof args === 'string' ? args : args.url;
  if (ABSOLUTE.test(url)) return args;
  const full = `${apiBaseUrl().replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
  return typeof args === 'string' ? full : { ...args, url: full };
}

/** Per-endpoint `extraOptions`. */
export interface CallOptions {
  /** A visitor's call: its 401/403 concern the visitor's sign-up token, not the back-office session. */
  visitorCall?: boolean;
}

/**
 * The base query of every endpoint. A 401 or 403 while a user is stored ends the session
 * (spec §4); the error carries the server's message, else the status text.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, ApiError, CallOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(withBaseUrl(args), api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const status = result.error.status;
  const refused = status === 401 || status === 403;
  if (refused && !extraOptions?.visitorCall && selectSessionUser(api.getState() as SessionRootState)) {
    api.dispatch(sessionExpired());
  }
  return { error: toApiError(result.error, result.meta?.response?.statusText), meta: result.meta };
};
