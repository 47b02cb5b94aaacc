import { baseApi, members, mergePatch, type HydraCollection } from '../../shared/api';
import type {
  AmpError,
  Delivery,
  DeliveryContent,
  DeliveryVersion,
  MessageVariable,
  Preview,
  Schedule,
  ScheduleOccurrence,
  Send,
  Starter,
} from './types';

const LIST = { type: 'Delivery' as const, id: 'LIST' };
const SENDS = { type: 'Send' as const, id: 'LIST' };
const SCHEDULES = { type: 'Send' as const, id: 'SCHEDULES' };

/** A user a template may belong to. */
export interface Owner {
  id: number;
  email: string;
}

/** How many users the owner field proposes at a time: typing narrows them. */
const OWNER_CHOICES = 20;

/** How many lists the list field proposes at a time: typing narrows them. */
const LIST_CHOICES = 20;

export interface ListChoice {
  id: number;
  subject: string;
}

export const deliveriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The user's active templates of a category, newest version first (spec §7.3). */
    getDeliveries: build.query<Delivery[], { userId: number; category: string }>({
      query: ({ userId, category }) => ({
        url: '/deliveries',
        params: { user: userId, profil: 'influenceur', actif: 1, 'order[version]': 'desc', category },
      }),
      transformResponse: (response: HydraCollection<Delivery>) => members(response),
      providesTags: (result) => [LIST, ...(result ?? []).map(({ id }) => ({ type: 'Delivery' as const, id }))],
    }),
    getDelivery: build.query<Delivery, number>({
      query: (id) => `/deliveries/${id}`,
      extraOptions: { recordLookup: true },
      providesTags: (_result, _error, id) => [{ type: 'Delivery', id }],
    }),
    getDeliveryVersions: build.query<DeliveryVersion[], number>({
      query: (id) => `/deliveryAll/${id}`,
      transformResponse: (response: { data: DeliveryVersion[] }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Delivery', id }],
    }),
    createDelivery: build.mutation<Delivery, { label: string; internalname: string; category: string }>({
      query: (body) => ({ url: '/deliveries', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateDelivery: build.mutation<Delivery, { id: number; patch: Partial<Delivery> }>({
      query: ({ id, patch }) => mergePatch(`/deliveries/${id}`, patch),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Delivery', id }],
    }),
    /** MEP: publishes the delivery's current version (spec §7.3). */
    publishDelivery: build.mutation<
      DeliveryVersion,
      Pick<
        Delivery,
        'id' | 'subject' | 'codeHtml' | 'codeText' | 'internalname' | 'societe' | 'origin' | 'actif' | 'typedel'
      >
    >({
      query: (body) => ({ url: '/amp/bo/modele/new', method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Delivery', id }],
    }),
    /** BAT: a test send of the editor's content to one address. */
    testSend: build.mutation<{ messageId: string; email: string }, DeliveryContent & { email: string; delId: number }>({
      query: (body) => ({ url: '/email/encoded', method: 'POST', body }),
    }),
    /** The AMP4EMAIL rules on an AMP code, as the operator types (saving and MEP check the same). */
    validateAmp: build.query<AmpError[], string>({
      query: (codeAmp) => ({ url: '/delivery/amp/validation', method: 'POST', body: { codeAmp } }),
      transformResponse: (response: { errors: AmpError[] }) => response.errors,
      keepUnusedDataFor: 30,
    }),
    /** The starting points of « Nouveau modèle » (each valid AMP, the unsubscribe link in place). */
    getStarters: build.query<Starter[], void>({
      query: () => '/delivery/starters',
      transformResponse: (response: { starters: Starter[] }) => response.starters,
      keepUnusedDataFor: 3600,
    }),
    /** The variables every message can use (the server's one list); a template's own keys come from its draft. */
    getMessageVariables: build.query<{ variables: MessageVariable[]; ampForms: string | null }, void>({
      query: () => '/email/variables',
      transformResponse: (response: { variables: MessageVariable[]; ampForms?: string | null }) => ({
        variables: response.variables,
        ampForms: response.ampForms ?? null,
      }),
      keepUnusedDataFor: 3600,
    }),
    /** `delId` (and the draft's list): a videos block shows what the next send to that list would (issue 40). */
    previewDelivery: build.mutation<Preview, DeliveryContent & { delId?: number }>({
      query: (body) => ({ url: '/email/preview', method: 'POST', body }),
    }),
    startSend: build.mutation<{ id: number; total: number; status: string }, { delId: number; listId: number }>({
      query: (body) => ({ url: '/sendEmail', method: 'POST', body }),
      invalidatesTags: [SENDS],
    }),
    /**
     * How many contacts of a list a send to it mails: the active ones (status actif) less those
     * whose address is on the owner's suppression list (`suppressed`, which the send leaves
     * out). The lists feature reads the same counts without `suppressed=1`.
     */
    getActiveContactCount: build.query<{ recipients: number; suppressed: number }, number>({
      query: (listId) => ({ url: `/grp_rcps/${listId}/count`, params: { suppressed: '1' } }),
      transformResponse: (response: { count: number; suppressed?: number }) => ({
        recipients: response.count - (response.suppressed ?? 0),
        suppressed: response.suppressed ?? 0,
      }),
      providesTags: (_result, _error, listId) => [{ type: 'ListCounts', id: listId }],
      // Counted again each time the confirmation opens: contacts come and go between two sends.
      keepUnusedDataFor: 0,
    }),
    getSend: build.query<Send, number>({
      query: (id) => `/sends/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Send', id }],
    }),
    getSends: build.query<Send[], { list: number } | { delivery: number }>({
      query: (filter) => ({ url: '/sends', params: { ...filter, itemsPerPage: 50 } }),
      transformResponse: (response: HydraCollection<Send>) => members(response),
      providesTags: [SENDS],
    }),
    changeSendStatus: build.mutation<Send, { id: number; action: 'pause' | 'resume' | 'cancel' }>({
      query: ({ id, action }) => ({ url: `/sends/${id}/${action}`, method: 'POST' }),
      invalidatesTags: (_result, _error, { id }) => [SENDS, { type: 'Send', id }],
    }),
    /** Moves a planned send; `sendAt` is a wall-clock time in TIMEZONE (the server reads it there). */
    rescheduleSend: build.mutation<Send, { id: number; sendAt: string }>({
      query: ({ id, sendAt }) => mergePatch(`/sends/${id}`, { sendAt }),
      invalidatesTags: (_result, _error, { id }) => [SENDS, { type: 'Send', id }],
    }),
    /** The template's active schedule, if it has one. */
    getSchedule: build.query<Schedule | null, number>({
      query: (deliveryId) => ({ url: '/schedules', params: { delivery: deliveryId, active: 1 } }),
      transformResponse: (response: HydraCollection<Schedule>) => members(response)[0] ?? null,
      providesTags: [SCHEDULES],
    }),
    /** A schedule's occurrences, latest first: each sent, or skipped with its reason (« rien de nouveau »…). */
    getScheduleOccurrences: build.query<ScheduleOccurrence[], number>({
      query: (id) => `/schedules/${id}`,
      transformResponse: (response: { occurrences: ScheduleOccurrence[] }) => response.occurrences,
      providesTags: [SCHEDULES],
    }),
    /** Plans the template's sends (replacing its plan); `firstAt` is a wall-clock time in TIMEZONE. */
    /** The server records the frequency and list on the template too: the editor reads them back as saved. */
    saveSchedule: build.mutation<Schedule, { delId: number; listId: number; frequency: Schedule['frequency']; firstAt: string }>({
      query: (body) => ({ url: '/schedules', method: 'POST', body }),
      invalidatesTags: (_result, _error, { delId }) => [SCHEDULES, SENDS, { type: 'Delivery', id: delId }],
    }),
    /** Stopped, the template's frequency reads 'Aucune'. */
    stopSchedule: build.mutation<void, Pick<Schedule, 'id' | 'delivery'>>({
      query: ({ id }) => ({ url: `/schedules/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { delivery }) => [SCHEDULES, { type: 'Delivery', id: delivery }],
    }),
    /** Users whose e-mail contains `search`, for the admin's "Propriétaire" field. */
    getOwner: build.query<Owner, number>({
      query: (id) => `/users/${id}`,
      extraOptions: { recordLookup: true },
    }),
    findOwners: build.query<Owner[], string>({
      query: (search) => ({ url: '/users', params: { search, itemsPerPage: OWNER_CHOICES, 'order[email]': 'asc' } }),
      transformResponse: (response: HydraCollection<Owner>) => members(response),
    }),
    /** The user's active lists whose name contains `search`, to choose where a delivery goes. */
    findListChoices: build.query<ListChoice[], { userId: number; search: string }>({
      query: ({ userId, search }) => ({
        url: '/grps',
        params: { user: userId, actif: 1, search, itemsPerPage: LIST_CHOICES, 'order[subject]': 'asc' },
      }),
      transformResponse: (response: HydraCollection<ListChoice>) => members(response),
      // The lists feature invalidates this tag when a list is created, renamed or deleted.
      providesTags: [{ type: 'Grp', id: 'LIST' }],
    }),
    /** The list a delivery names, to show it chosen before any search. */
    getListChoice: build.query<ListChoice & { actif: 0 | 1 }, number>({
      query: (id) => `/grps/${id}`,
      extraOptions: { recordLookup: true },
      providesTags: (_result, _error, id) => [{ type: 'Grp', id }],
    }),
  }),
});

export const {
  useGetDeliveriesQuery,
  useGetDeliveryQuery,
  useGetDeliveryVersionsQuery,
  useCreateDeliveryMutation,
  useUpdateDeliveryMutation,
  usePublishDeliveryMutation,
  useTestSendMutation,
  usePreviewDeliveryMutation,
  useGetMessageVariablesQuery,
  useGetStartersQuery,
  useValidateAmpQuery,
  useStartSendMutation,
  useGetActiveContactCountQuery,
  useGetSendQuery,
  useGetSendsQuery,
  useChangeSendStatusMutation,
  useRescheduleSendMutation,
  useFindListChoicesQuery,
  useGetListChoiceQuery,
  useGetScheduleQuery,
  useGetScheduleOccurrencesQuery,
  useSaveScheduleMutation,
  useStopScheduleMutation,
  useFindOwnersQuery,
  useGetOwnerQuery,
} = deliveriesApi;
