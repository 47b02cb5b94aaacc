import { baseApi, mergePatch, toPage, type HydraCollection } from '../../shared/api';
import { apiUrl } from '../../shared/config/hosts';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Rapport, RapportPiles, RapportStatus } from './types';

export const rapportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRapportsPage: build.query<TablePage<Rapport>, { query: TableQuery; status: RapportStatus | null }>({
      query: ({ query, status }) => ({ url: '/rapports', params: { ...hydraParams(query), ...(status ? { status } : {}) } }),
      transformResponse: (collection: HydraCollection<Rapport>) => toPage(collection),
      providesTags: [{ type: 'Rapport', id: 'LIST' }],
    }),
    getRapport: build.query<Rapport, number>({
      // The row's fields only: the report itself (megabytes) stays out of the store (readRapportText).
      query: (id) => ({ url: '/rapports', params: { id, itemsPerPage: 1 } }),
      transformResponse: (collection: HydraCollection<Rapport>) => collection['hydra:member'][0],
      providesTags: (_result, _error, id) => [{ type: 'Rapport', id }],
    }),
    updateRapport: build.mutation<Rapport, { id: number; status: RapportStatus }>({
      query: ({ id, status }) => mergePatch(`/rapports/${id}`, { status }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Rapport', id }, { type: 'Rapport', id: 'LIST' }],
    }),
    deleteRapport: build.mutation<void, number>({
      query: (id) => ({ url: `/rapports/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Rapport', id: 'LIST' }],
    }),
    /** The server's log lines of the report's requests. */
    getRapportJournal: build.query<{ lines: string[] }, number>({
      query: (id) => `/rapports/${id}/journal`,
      keepUnusedDataFor: 0,
    }),
    /** The report's stacks read in the sources of the build the server serves (docs/qa-traces.md, «Readable stacks»). */
    getRapportPiles: build.query<RapportPiles, number>({
      query: (id) => `/rapports/${id}/piles`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetRapportsPageQuery,
  useGetRapportQuery,
  useUpdateRapportMutation,
  useDeleteRapportMutation,
  useGetRapportJournalQuery,
  useGetRapportPilesQuery,
} = rapportsApi;

/**
 * The stored report's text (the file's keys with the row's), read apart from the store: it
 * holds the screenshot and every recorded state, megabytes the app's own trace would carry.
 */
export async function readRapportText(id: number, accessToken: string | null): Promise<string> {
  const response = await fetch(apiUrl(`/rapports/${id}`), { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });
  const text = await response.text();
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new Error(message);
  }
  return text;
}
