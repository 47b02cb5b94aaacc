import { baseApi } from '../../shared/api';
import type { Preferences } from './types';

/**
 * The preference page's calls (issue 37): no sign-in, the link's token is the credential. A
 * refusal here never ends a signed-in operator's session (`visitorCall`).
 */
export const preferencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPreferences: build.query<Preferences, string>({
      query: (token) => `/preferences/${encodeURIComponent(token)}`,
      extraOptions: { visitorCall: true },
    }),
    setSubscription: build.mutation<Preferences, { token: string; grp: number; subscribed: boolean }>({
      query: ({ token, grp, subscribed }) => ({ url: `/preferences/${encodeURIComponent(token)}`, method: 'POST', body: { grp, subscribed } }),
      extraOptions: { visitorCall: true },
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(preferencesApi.util.updateQueryData('getPreferences', token, () => data));
      },
    }),
    unsubscribeEverything: build.mutation<Preferences, string>({
      query: (token) => ({ url: `/preferences/${encodeURIComponent(token)}/tout`, method: 'POST', body: {} }),
      extraOptions: { visitorCall: true },
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(preferencesApi.util.updateQueryData('getPreferences', token, () => data));
      },
    }),
    /** « Télécharger mes données » (issue 38): everything held about the address, as JSON. A mutation: each press fetches anew, nothing is cached. */
    contactData: build.mutation<unknown, string>({
      query: (token) => ({ url: `/preferences/${encodeURIComponent(token)}/donnees` }),
      extraOptions: { visitorCall: true },
    }),
    /** « Effacer mes données » (issue 38): the server mails a link whose page confirms the erasure. */
    requestContactErasure: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: `/preferences/${encodeURIComponent(token)}/effacement`, method: 'POST', body: {} }),
      extraOptions: { visitorCall: true },
    }),
  }),
});

export const {
  useGetPreferencesQuery,
  useSetSubscriptionMutation,
  useUnsubscribeEverythingMutation,
  useContactDataMutation,
  useRequestContactErasureMutation,
} = preferencesApi;
