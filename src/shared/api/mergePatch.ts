import type { FetchArgs } from '@reduxjs/toolkit/query';

/** A PATCH as API Platform takes it: a JSON merge patch (RFC 7396). */
export function mergePatch(url: string, body: unknown): FetchArgs {
  return {
    url,
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify(body),
  };
}
