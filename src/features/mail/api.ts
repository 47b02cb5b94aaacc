import { baseApi, members, type HydraCollection } from '../../shared/api';
import type { Newsletter, SendFigures, SendingDomain, SendReport } from './types';

/** Where the browser downloads a send's outcomes, with the link's token in place of the bearer. */
export const sendOutcomesCsvPath = (id: number, token: string) => `/sends/${id}/outcomes.csv?download=${encodeURIComponent(token)}`;

export const mailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSendReport: build.query<SendReport, number>({
      query: (id) => `/sends/${id}/report`,
      providesTags: (_result, _error, id) => [{ type: 'Send', id }],
    }),
    /** The user's latest sends with their figures, for the console's start. */
    getLatestSends: build.query<SendFigures[], void>({
      query: () => ({ url: '/sends', params: { itemsPerPage: 5, 'order[id]': 'desc' } }),
      transformResponse: (response: HydraCollection<SendFigures>) => members(response),
      providesTags: [{ type: 'Send', id: 'LIST' }],
    }),
    /** The sending domain's DNS records and their state (admins); read afresh each time, DNS changes outside the app. */
    getSendingDomain: build.query<SendingDomain, void>({
      query: () => '/mail/domain',
      keepUnusedDataFor: 0,
    }),
    // A one-minute link the browser follows: each contact's outcome streams to disk as CSV.
    /** A sent newsletter's public page (no session needed; a private delivery's is a 404). */
    getNewsletter: build.query<Newsletter, number>({
      query: (id) => `/newsletters/${id}`,
    }),
    sendOutcomesDownloadLink: build.mutation<{ token: string }, number>({
      query: (id) => ({ url: `/sends/${id}/outcomes.csv/download`, method: 'POST' }),
    }),
  }),
});

export const { useGetSendReportQuery, useGetLatestSendsQuery, useSendOutcomesDownloadLinkMutation, useGetSendingDomainQuery, useGetNewsletterQuery } =
  mailApi;
