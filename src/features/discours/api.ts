import { baseApi, mergePatch, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Discours, DiscoursDraft } from './types';

export const discoursApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDiscoursPage: build.query<TablePage<Discours>, { user: number; query: TableQuery }>({
      query: ({ user, query }) => ({ url: '/discours', params: { user, ...hydraParams(query) } }),
      transformResponse: (collection: HydraCollection<Discours>) => toPage(collection),
      providesTags: (page) => [{ type: 'Discours', id: 'LIST' }, ...(page?.rows ?? []).map((d) => ({ type: 'Discours' as const, id: d.id }))],
    }),
    // Spec §7.3: POST /discours with a delivery-like body; `origin` says where it was made.
    createDiscours: build.mutation<Discours, DiscoursDraft & { origin: string }>({
      query: (body) => ({ url: '/discours', method: 'POST', body }),
      invalidatesTags: [{ type: 'Discours', id: 'LIST' }],
    }),
    updateDiscours: build.mutation<Discours, { id: number; patch: Partial<DiscoursDraft> }>({
      query: ({ id, patch }) => mergePatch(`/discours/${id}`, patch),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Discours', id }],
    }),
  }),
});

export const { useGetDiscoursPageQuery, useCreateDiscoursMutation, useUpdateDiscoursMutation } = discoursApi;
