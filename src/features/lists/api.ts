import { baseApi, members, mergePatch, type HydraCollection } from '../../shared/api';
import { COLLECTION_PAGE_MAX } from '../../shared/config/constants';
import type { ImportReport, List, ListCounts, NewContact, RefreshState, TargetListRequest } from './types';

export const listsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLists: build.query<List[], number>({
      query: (user) => `/grps?user=${user}&actif=1&itemsPerPage=${COLLECTION_PAGE_MAX}`,
      transformResponse: (collection: HydraCollection<List>) => members(collection),
      providesTags: (lists = []) => [{ type: 'Grp', id: 'LIST' }, ...lists.map((l) => ({ type: 'Grp' as const, id: l.id }))],
    }),
    getList: build.query<List, number>({
      query: (id) => `/grps/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Grp', id }],
    }),
    createList: build.mutation<List, { subject: string }>({
      query: (body) => ({ url: '/grps', method: 'POST', body }),
      invalidatesTags: [{ type: 'Grp', id: 'LIST' }],
    }),
    updateList: build.mutation<List, { id: number; patch: Partial<Pick<List, 'subject' | 'actif' | 'sequence'>> }>({
      query: ({ id, patch }) => mergePatch(`/grps/${id}`, patch),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Grp', id }, { type: 'Grp', id: 'LIST' }],
    }),
    getListCounts: build.query<ListCounts, number>({
      query: (id) => `/grp_rcps/${id}/count`,
      providesTags: (_result, _error, id) => [{ type: 'ListCounts', id }],
    }),
    addContact: build.mutation<unknown, NewContact>({
      query: (body) => ({ url: '/grp_rcps', method: 'POST', body }),
      invalidatesTags: (_result, _error, { grp }) => [{ type: 'ListCounts', id: grp }],
    }),
    getLastContactDate: build.mutation<{ created: string | null }, number>({
      query: (grp) => ({ url: `/grprcp/last?grp=${grp}`, method: 'GET' }),
    }),
    createContactsByDate: build.mutation<{ added: number }, { created: string; grp: number }>({
      query: (body) => ({ url: '/mgt/RT/createGrpRcp/byDate', method: 'POST', body }),
    }),
    // The refresh trigger is polled, and its answer changes: a mutation, never cached.
    triggerRefresh: build.mutation<RefreshState, number>({
      query: (id) => ({ url: `/grps/${id}/refresh`, method: 'GET' }),
    }),
    sendTargetList: build.mutation<ImportReport, TargetListRequest>({
      query: (body) => ({ url: '/amp/bo/target/new', method: 'POST', body }),
      invalidatesTags: (_result, _error, { internalname }) => [{ type: 'ListCounts', id: Number(internalname) }],
    }),
  }),
});

export const {
  useGetListsQuery,
  useGetListQuery,
  useCreateListMutation,
  useUpdateListMutation,
  useGetListCountsQuery,
  useAddContactMutation,
  useGetLastContactDateMutation,
  useCreateContactsByDateMutation,
  useTriggerRefreshMutation,
  useSendTargetListMutation,
} = listsApi;
