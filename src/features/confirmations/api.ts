import { baseApi } from '../../shared/api';
import type { ConfirmationInfo, ConfirmationResult } from './types';

/** Anyone holding the link calls these: a refusal never ends a back-office session. */
const visitorCall = { visitorCall: true };

export const confirmationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Reads what the link confirms; changes nothing. The token leaves the cache at once. */
    getConfirmation: build.query<ConfirmationInfo, string>({
      query: (token) => `/confirmations/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
      extraOptions: visitorCall,
    }),
    /** The button: only this confirms. */
    confirm: build.mutation<ConfirmationResult, string>({
      query: (token) => ({ url: `/confirmations/${encodeURIComponent(token)}`, method: 'POST' }),
      extraOptions: visitorCall,
    }),
  }),
});

export const { useGetConfirmationQuery, useConfirmMutation } = confirmationsApi;
