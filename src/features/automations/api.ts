import { baseApi, mergePatch, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Automation, AutomationDraft, AutomationStatus, ContactTimeline, Option, Step } from './types';

/** What a step is written as: its figures stay on the server. */
export const stepBody = ({ id, delivery, delayMinutes, window, condition }: Step): Step => ({
  ...(id ? { id } : {}),
  delivery,
  delayMinutes,
  window,
  condition,
});

export const automationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAutomationsPage: build.query<TablePage<Automation>, { user: number; query: TableQuery }>({
      query: ({ user, query }) => ({ url: '/automations', params: { user, ...hydraParams(query) } }),
      transformResponse: (collection: HydraCollection<Automation>) => toPage(collection),
      providesTags: [{ type: 'Automation', id: 'LIST' }],
    }),
    getAutomation: build.query<Automation, number>({
      query: (id) => `/automations/${id}`,
      extraOptions: { recordLookup: true },
      providesTags: (_result, _error, id) => [{ type: 'Automation', id }],
    }),
    createAutomation: build.mutation<Automation, AutomationDraft>({
      query: (draft) => ({ url: '/automations', method: 'POST', body: { ...draft, steps: draft.steps.map(stepBody) } }),
      invalidatesTags: [{ type: 'Automation', id: 'LIST' }],
    }),
    updateAutomation: build.mutation<Automation, { id: number; patch: Partial<AutomationDraft> & { status?: AutomationStatus } }>({
      query: ({ id, patch }) => mergePatch(`/automations/${id}`, patch.steps ? { ...patch, steps: patch.steps.map(stepBody) } : patch),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Automation', id }, { type: 'Automation', id: 'LIST' }],
    }),
    activateAutomation: build.mutation<{ entered: number }, { id: number; includeExisting: boolean }>({
      query: ({ id, includeExisting }) => ({ url: `/automations/${id}/activate`, method: 'POST', body: { includeExisting } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Automation', id }, { type: 'Automation', id: 'LIST' }],
    }),
    getContactTimeline: build.query<ContactTimeline, { id: number; contactId: number }>({
      query: ({ id, contactId }) => `/automations/${id}/contacts/${contactId}`,
      providesTags: (_result, _error, { id }) => [{ type: 'Automation', id }],
    }),
    /** The contact of the automation's list with this e-mail, for its timeline. */
    findListContact: build.query<{ id: number } | null, { grp: number; email: string }>({
      query: ({ grp, email }) => ({ url: '/grp_rcps', params: { grp, email, itemsPerPage: 1 } }),
      transformResponse: (collection: HydraCollection<{ id: number }>) => collection['hydra:member'][0] ?? null,
    }),
    /** The caller's lists and templates, to choose from. */
    getAutomationOptions: build.query<{ lists: Option[]; deliveries: Option[] }, number>({
      async queryFn(user, _api, _extra, fetch) {
        const lists = await fetch({ url: '/grps', params: { user, actif: 1, itemsPerPage: 1000, 'order[subject]': 'asc' } });
        if (lists.error) return { error: lists.error };
        const deliveries = await fetch({ url: '/deliveries', params: { user, actif: 1, itemsPerPage: 1000 } });
        if (deliveries.error) return { error: deliveries.error };
        const members = <T,>(data: unknown) => (data as HydraCollection<T>)['hydra:member'];
        return {
          data: {
            lists: members<{ id: number; subject: string }>(lists.data).map((l) => ({ id: l.id, label: l.subject })),
            deliveries: members<{ id: number; label: string; internalname: string }>(deliveries.data).map((d) => ({ id: d.id, label: d.label || d.internalname })),
          },
        };
      },
    }),
  }),
});

export const {
  useGetAutomationsPageQuery,
  useGetAutomationQuery,
  useCreateAutomationMutation,
  useUpdateAutomationMutation,
  useActivateAutomationMutation,
  useGetContactTimelineQuery,
  useLazyFindListContactQuery,
  useGetAutomationOptionsQuery,
} = automationsApi;
