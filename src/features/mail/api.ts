import { baseApi, members, type HydraCollection } from '../../shared/api';
import type { SendFigures, SendReport } from './types';

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
    /** Each contact's outcome as CSV text (the download needs the bearer token, so it goes through the API client). */
    exportSendOutcomes: build.mutation<string, number>({
      query: (id) => ({ url: `/sends/${id}/outcomes.csv`, responseHandler: (response) => response.text() }),
    }),
  }),
});

export const { useGetSendReportQuery, useGetLatestSendsQuery, useExportSendOutcomesMutation } = mailApi;
