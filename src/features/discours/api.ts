import { baseApi, members, mergePatch, type HydraCollection } from '../../shared/api';
import { COLLECTION_PAGE_MAX } from '../../shared/config/constants';
import type { Discours, DiscoursDraft } from './types';

export const discoursApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDiscours: build.query<Discours[], number>({
      query: (user) => `/discours?user=${user}&itemsPerPage=${COLLECTION_PAGE_MAX}`,
      transformResponse: (collection: HydraCollection<Discours>) => members(collection),
      providesTags: (speeches = []) => [
        { type: 'Discours', id: 'LIST' },
        ...speeches.map((d) => ({ type: 'Discours' as const, id: d.id })),
      ],
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

export const { useGetDiscoursQuery, useCreateDiscoursMutation, useUpdateDiscoursMutation } = discoursApi;
