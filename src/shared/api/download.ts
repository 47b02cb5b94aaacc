import type { Dispatch } from '@reduxjs/toolkit';
import { apiUrl } from '../config/hosts';
import { fr } from '../i18n/fr';
import { selectAccessToken, type SessionRootState } from '../session';
import { toApiError, type ApiError } from './apiError';
import { endSessionOnRefusal } from './sessionRefusal';

/**
 * GETs a file the API streams (a CSV export) with the session's bearer, and offers it to
 * download under the name the server gives. A plain link cannot carry the bearer; the
 * server streams, so the first bytes come at once whatever the file's size.
 */
export async function downloadFile(path: string, getState: () => unknown, dispatch: Dispatch): Promise<ApiError | null> {
  const token = selectAccessToken(getState() as SessionRootState);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    return { status: 'FETCH_ERROR', message: fr.errors.network };
  }
  if (!response.ok) {
    endSessionOnRefusal(response.status, getState, dispatch);
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: the status text says it.
    }
    return toApiError({ status: response.status, data }, response.statusText);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file, not while the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return null;
}
