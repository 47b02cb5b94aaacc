import type { Dispatch } from '@reduxjs/toolkit';
import { apiUrl } from '../config/hosts';
import { fr } from '../i18n/fr';
import { selectAccessToken, type SessionRootState } from '../session';
import { toApiError, type ApiError } from './apiError';
import { endSessionOnRefusal } from './sessionRefusal';

export interface UploadOptions {
  contentType: string;
  /** Bytes sent so far and in all. */
  onProgress: (loaded: number, total: number) => void;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs a file with upload progress (fetch has none: this uses XMLHttpRequest), with the
 * same bearer, errors and session rule as every other call. The server reads uploads as a
 * stream, so the bytes sent follow what it has processed.
 */
export function uploadFile(
  path: string,
  file: Blob,
  { contentType, onProgress }: UploadOptions,
  getState: () => unknown,
  dispatch: Dispatch,
): Promise<{ data: unknown } | { error: ApiError }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.setRequestHeader('content-type', contentType);
    request.setRequestHeader('accept', 'application/json');
    const token = selectAccessToken(getState() as SessionRootState);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      const data = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) return resolve({ data });
      endSessionOnRefusal(request.status, getState, dispatch);
      resolve({ error: toApiError({ status: request.status, data }, request.statusText) });
    };
    request.onerror = () => resolve({ error: { status: 'FETCH_ERROR', message: fr.errors.network } });
    request.send(file);
  });
}
