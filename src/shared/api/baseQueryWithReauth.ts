import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiUrl } from '../config/hosts';
import { selectAccessToken, type SessionRootState } from '../session';
import { endSessionOnRefusal } from './sessionRefusal';
import { toApiError, type ApiError } from './apiError';
import { fr } from '../i18n/fr';

/**
 * The thunk extra argument of a store that shows recorded states only (the trace viewer):
 * its queries read the recorded cache, and one the recording lacks fails as missing,
 * without a request.
 */
export const RECORDED_ONLY = { recordedOnly: true } as const;

const isRecordedOnly = (extra: unknown) => (extra as Partial<typeof RECORDED_ONLY> | undefined)?.recordedOnly === true;

const rawBaseQuery = fetchBaseQuery({
  // Bodies sent as application/merge-patch+json (PATCH) or ld+json are JSON too.
  isJsonContentType: (headers) => /^application\/([\w.-]+\+)?json\b/i.test(headers.get('content-type') ?? ''),
  // No timeout: the spec sets the HTTP client's to none (§9).
  prepareHeaders: (headers, { getState }) => {
    const token = selectAccessToken(getState() as SessionRootState);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Endpoints name paths under /api, or absolute URLs for the spec's other hosts. */
const withBaseUrl = (args: string | FetchArgs): string | FetchArgs =>
  typeof args === 'string' ? apiUrl(args) : { ...args, url: apiUrl(args.url) };

/** Per-endpoint `extraOptions`. */
export interface CallOptions {
  /** A visitor's call: its 401/403 concern the visitor's sign-up token, not the back-office session. */
  visitorCall?: boolean;
  /**
   * A record opened from its address: its 403 says the record is someone else's (shown as
   * "introuvable"), not that the session is refused; a 401 still ends the session.
   */
  recordLookup?: boolean;
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
  if (isRecordedOnly(api.extra)) return { error: { status: 'CUSTOM_ERROR', message: fr.trace.missingQuery } };
  const result = await rawBaseQuery(withBaseUrl(args), api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  // A visitor's call refused concerns the visitor's sign-up token, not the back-office session.
  const foreignRecord = extraOptions?.recordLookup && result.error.status === 403;
  if (!extraOptions?.visitorCall && !foreignRecord) endSessionOnRefusal(result.error.status, api.getState, api.dispatch);
  return { error: toApiError(result.error, result.meta?.response?.statusText), meta: result.meta };
};
