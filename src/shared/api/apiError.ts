import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fr } from '../i18n/fr';

/** How every failed call reaches components: the status and the message to show. */
export interface ApiError {
  status: number | string;
  message: string;
  data?: unknown;
}

function serverMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const body = data as Record<string, unknown>;
  for (const key of ['message', 'hydra:description', 'detail']) {
    if (typeof body[key] === 'string' && body[key]) return body[key] as string;
  }
  return null;
}

/** The server's message when it sent one, else the HTTP status text (spec §8). */
export function toApiError(error: FetchBaseQueryError, statusText: string | undefined): ApiError {
  if (typeof error.status === 'number') {
    return {
      status: error.status,
      data: error.data,
      message: serverMessage(error.data) ?? (statusText || `HTTP ${error.status}`),
    };
  }
  // fetch's own words ("TypeError: Failed to fetch") mean nothing to an operator: the server did not answer.
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return { status: error.status, message: fr.errors.network };
  return { status: error.status, message: error.error, data: 'data' in error ? error.data : undefined };
}

export function isApiError(error: unknown): error is ApiError {
  return !!error && typeof error === 'object' && 'status' in error && 'message' in error;
}

/** What to tell the user about a failed call: the server's message, or that it did not answer. */
export const errorMessage = (failure: unknown): string => (isApiError(failure) ? failure.message : fr.errors.network);
