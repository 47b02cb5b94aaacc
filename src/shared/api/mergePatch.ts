import type { FetchArgs } from '@reduxjs/toolkit/query';

/** A PATCH as API Platform takes it: a JSON merge-patch body. */
export const mergePatch = (url: string, body: unknown): FetchArgs => ({
  url,
  method: 'PATCH',
  body,
  headers: { 'content-type': 'application/merge-patch+json' },
});
