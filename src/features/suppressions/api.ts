import { baseApi, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Suppression, SuppressionReason, SuppressionsExportFilter } from './types';

/** A page of the suppression list, as its table asks for it. */
export interface SuppressionsPageArgs {
  query: TableQuery;
  reason?: SuppressionReason;
}

/** Where the browser downloads the export, with the link's token in place of the bearer. */
export const suppressionsCsvPath = (token: string) => `/suppressions.csv?download=${encodeURIComponent(token)}`;

/** An item's path under the API (its `@id` without `/api`): the address and whose list it is on. */
const itemPath = (suppression: Pick<Suppression, 'email' | 'user'>) =>
  `/suppressions/${encodeURIComponent(suppression.email)}?user=${suppression.user}`;

export const suppressionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSuppressionsPage: build.query<TablePage<Suppression>, SuppressionsPageArgs>({
      query: ({ query, reason }) => ({ url: '/suppressions', params: { ...hydraParams(query), ...(reason ? { reason } : {}) } }),
      transformResponse: (collection: HydraCollection<Suppression>) => toPage(collection),
      providesTags: [{ type: 'Suppression', id: 'LIST' }],
    }),
    addSuppression: build.mutation<Suppression, { email: string; reason: SuppressionReason }>({
      query: (body) => ({ url: '/suppressions', method: 'POST', body }),
      invalidatesTags: [{ type: 'Suppression', id: 'LIST' }],
    }),
    removeSuppression: build.mutation<void, Pick<Suppression, 'email' | 'user'>>({
      query: (suppression) => ({ url: itemPath(suppression), method: 'DELETE' }),
      invalidatesTags: [{ type: 'Suppression', id: 'LIST' }],
    }),
    // A one-minute link the browser follows: the file streams to disk instead of into memory.
    suppressionsDownloadLink: build.mutation<{ token: string }, SuppressionsExportFilter>({
      query: (body) => ({ url: '/suppressions.csv/download', method: 'POST', body }),
    }),
  }),
});

export const { useGetSuppressionsPageQuery, useAddSuppressionMutation, useRemoveSuppressionMutation, useSuppressionsDownloadLinkMutation } =
  suppressionsApi;
