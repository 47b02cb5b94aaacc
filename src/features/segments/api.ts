import { baseApi, members, mergePatch, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Segment, SegmentDraft } from './types';

/** A list or a template the segment editor offers (its own reads: a feature imports no other). */
export interface Choice {
  id: number;
  label: string;
}

const LIST = { type: 'Segment' as const, id: 'LIST' };

export const segmentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSegmentsPage: build.query<TablePage<Segment>, TableQuery>({
      query: (query) => ({ url: '/segments', params: hydraParams(query) }),
      transformResponse: (collection: HydraCollection<Segment>) => toPage(collection),
      providesTags: [LIST],
    }),
    getSegment: build.query<Segment, number>({
      query: (id) => `/segments/${id}`,
      extraOptions: { recordLookup: true },
      providesTags: (_result, _error, id) => [{ type: 'Segment', id }],
    }),
    createSegment: build.mutation<Segment, SegmentDraft>({
      query: (body) => ({ url: '/segments', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateSegment: build.mutation<Segment, { id: number; draft: SegmentDraft }>({
      // The rules are replaced as a whole: a merge-patch body with the full draft.
      query: ({ id, draft }) => mergePatch(`/segments/${id}`, draft),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Segment', id }],
    }),
    deleteSegment: build.mutation<void, number>({
      query: (id) => ({ url: `/segments/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    /** The live count of a segment being written (`POST /api/segments/count`). */
    countSegmentDraft: build.query<number, Omit<SegmentDraft, 'name'>>({
      query: (body) => ({ url: '/segments/count', method: 'POST', body }),
      transformResponse: (answer: { count: number }) => answer.count,
    }),
    segmentListChoices: build.query<Choice[], number>({
      query: (user) => ({ url: '/grps', params: { user, actif: 1, itemsPerPage: 1000, 'order[subject]': 'asc' } }),
      transformResponse: (collection: HydraCollection<{ id: number; subject: string }>) => members(collection).map((l) => ({ id: l.id, label: l.subject })),
    }),
    segmentAttribNames: build.query<string[], number>({
      query: (grp) => `/grps/${grp}/attribs`,
      transformResponse: (answer: { names: string[] }) => answer.names,
    }),
    segmentTemplateChoices: build.query<Choice[], number>({
      query: (user) => ({ url: '/deliveries', params: { user, actif: 1, itemsPerPage: 1000, 'order[id]': 'desc' } }),
      transformResponse: (collection: HydraCollection<{ id: number; label: string; internalname: string }>) =>
        members(collection).map((d) => ({ id: d.id, label: d.label || d.internalname })),
    }),
    sendToSegment: build.mutation<{ id: number; total: number }, { delId: number; segmentId: number }>({
      query: (body) => ({ url: '/sendEmail', method: 'POST', body }),
      invalidatesTags: [{ type: 'Send', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetSegmentsPageQuery,
  useGetSegmentQuery,
  useCreateSegmentMutation,
  useUpdateSegmentMutation,
  useDeleteSegmentMutation,
  useCountSegmentDraftQuery,
  useSegmentListChoicesQuery,
  useSegmentAttribNamesQuery,
  useSegmentTemplateChoicesQuery,
  useSendToSegmentMutation,
} = segmentsApi;
