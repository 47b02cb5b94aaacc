import { baseApi, mergePatch, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Contact, ContactPatch, ContactStatus, ImportReport, List, ListCounts, NewContact, RefreshState, TargetListRequest } from './types';

/** A page of a list's contacts, as the contacts table asks for it. */
export interface ContactsPageArgs {
  grp: number;
  query: TableQuery;
  status?: ContactStatus;
  /** One attribute filter (issue 37): the contacts whose attribute equals the value, ignoring case and accents. */
  attrib?: { name: string; value: string };
}

/** The separators a CSV export may use: `;` (French Excel's, the default) or `,`. */
export const CSV_SEPARATORS = [';', ','] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** Which contacts the CSV export holds (the table's search and status filter, or all), and its separator. */
export interface ContactsExportFilter {
  search?: string;
  status?: ContactStatus;
  separator?: CsvSeparator;
  attribs?: Record<string, string>;
}

/** The filter of an export of the table as it shows (`query`, `status`), or of the whole list. */
export function contactsExportFilter({
  query,
  status,
  separator,
  attrib,
}: {
  query?: TableQuery;
  status?: ContactStatus;
  separator?: CsvSeparator;
  attrib?: { name: string; value: string };
}): ContactsExportFilter {
  const search = query?.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(separator ? { separator } : {}),
    ...(attrib?.name && attrib.value.trim() ? { attribs: { [attrib.name]: attrib.value.trim() } } : {}),
  };
}

/** The query parameter of an attribute filter: `attribs[ville]=Lyon`. */
const attribParams = (attrib?: { name: string; value: string }) =>
  attrib?.name && attrib.value.trim() ? { [`attribs[${attrib.name}]`]: attrib.value.trim() } : {};

/** Where the browser downloads a list's export, with the link's token in place of the bearer. */
export const contactsCsvPath = (grp: number, token: string) => `/grps/${grp}/contacts.csv?download=${encodeURIComponent(token)}`;

export const listsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getListsPage: build.query<TablePage<List>, { user: number; query: TableQuery }>({
      query: ({ user, query }) => ({ url: '/grps', params: { user, actif: 1, ...hydraParams(query) } }),
      transformResponse: (collection: HydraCollection<List>) => toPage(collection),
      providesTags: (page) => [{ type: 'Grp', id: 'LIST' }, ...(page?.rows ?? []).map((l) => ({ type: 'Grp' as const, id: l.id }))],
    }),
    // A one-minute link the browser follows: the file streams to disk instead of into memory.
    contactsDownloadLink: build.mutation<{ token: string }, { grp: number; filter: ContactsExportFilter }>({
      query: ({ grp, filter }) => ({ url: `/grps/${grp}/contacts.csv/download`, method: 'POST', body: filter }),
    }),
    getContactsPage: build.query<TablePage<Contact>, ContactsPageArgs>({
      query: ({ grp, query, status, attrib }) => ({
        url: '/grp_rcps',
        params: { grp, ...(status ? { status } : {}), ...attribParams(attrib), ...hydraParams(query) },
      }),
      transformResponse: (collection: HydraCollection<Contact>) => toPage(collection),
      providesTags: (_page, _error, { grp }) => [{ type: 'Contact', id: `LIST-${grp}` }],
    }),
    // The answer is written into every cached page showing the contact: no page is fetched
    // again, unless the change moves the contact out of a status filter (then the list's pages are).
    updateContact: build.mutation<Contact, { id: number; grp: number; patch: ContactPatch }>({
      query: ({ id, patch }) => mergePatch(`/grp_rcps/${id}`, patch),
      async onQueryStarted({ grp }, { dispatch, getState, queryFulfilled }) {
        const { data: contact } = await queryFulfilled;
        let leavesFilter = false;
        for (const args of listsApi.util.selectCachedArgsForQuery(getState(), 'getContactsPage')) {
          if (args.grp !== grp) continue;
          dispatch(
            listsApi.util.updateQueryData('getContactsPage', args, (page) => {
              const index = page.rows.findIndex((row) => row.id === contact.id);
              if (index < 0) return;
              if (args.status && args.status !== contact.status) leavesFilter = true;
              if (args.attrib?.name) leavesFilter = true;
              page.rows[index] = contact;
            }),
          );
        }
        dispatch(listsApi.util.invalidateTags([{ type: 'ListCounts', id: grp }, { type: 'Contact', id: contact.id }, ...(leavesFilter ? [{ type: 'Contact' as const, id: `LIST-${grp}` }] : [])]));
      },
    }),
    /** A public subscription to a list with double opt-in (the subscribe dialog). */
    subscribeToList: build.mutation<{ message: string }, { grp: number; email: string }>({
      query: ({ grp, email }) => ({ url: `/grps/${grp}/subscribe`, method: 'POST', body: { email } }),
      extraOptions: { visitorCall: true },
    }),
    /** One contact with its consent events (the contact's page). */
    getContact: build.query<Contact, number>({
      query: (id) => `/grp_rcps/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Contact', id }],
    }),
    getList: build.query<List, number>({
      query: (id) => `/grps/${id}`,
      extraOptions: { recordLookup: true },
      providesTags: (_result, _error, id) => [{ type: 'Grp', id }],
    }),
    createList: build.mutation<List, { subject: string }>({
      query: (body) => ({ url: '/grps', method: 'POST', body }),
      invalidatesTags: [{ type: 'Grp', id: 'LIST' }],
    }),
    // The answer replaces the cached list; the lists' pages are fetched again (a rename may reorder them).
    /** The public default list, if any (admins: every user's lists). */
    getPublicDefaultList: build.query<List | null, void>({
      query: () => ({ url: '/grps', params: { publicDefault: true, actif: 1, itemsPerPage: 1 } }),
      transformResponse: (collection: HydraCollection<List>) => collection['hydra:member'][0] ?? null,
      providesTags: [{ type: 'Grp', id: 'LIST' }],
    }),
    updateList: build.mutation<List, { id: number; patch: Partial<Pick<List, 'subject' | 'actif' | 'sequence' | 'doubleOptIn' | 'publicDefault'>> }>({
      query: ({ id, patch }) => mergePatch(`/grps/${id}`, patch),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        // Patched in place, not upserted: an upsert starts a query whose trace does not replay.
        dispatch(listsApi.util.updateQueryData('getList', id, (list) => ({ ...list, ...data })));
      },
      invalidatesTags: [{ type: 'Grp', id: 'LIST' }],
    }),
    /** The attribute names the list's contacts have (the table's columns and filter). */
    getListAttribs: build.query<string[], number>({
      query: (id) => `/grps/${id}/attribs`,
      transformResponse: (answer: { names: string[] }) => answer.names,
      providesTags: (_result, _error, id) => [{ type: 'Contact', id: `LIST-${id}` }],
    }),
    getListCounts: build.query<ListCounts, number>({
      query: (id) => `/grp_rcps/${id}/count`,
      providesTags: (_result, _error, id) => [{ type: 'ListCounts', id }],
    }),
    addContact: build.mutation<unknown, NewContact>({
      query: (body) => ({ url: '/grp_rcps', method: 'POST', body }),
      invalidatesTags: (_result, _error, { grp }) => [{ type: 'ListCounts', id: grp }, { type: 'Contact', id: `LIST-${grp}` }],
    }),
    getLastContactDate: build.mutation<{ created: string | null }, number>({
      query: (grp) => ({ url: `/grprcp/last?grp=${grp}`, method: 'GET' }),
    }),
    createContactsByDate: build.mutation<{ added: number }, { created: string; grp: number }>({
      query: (body) => ({ url: '/mgt/RT/createGrpRcp/byDate', method: 'POST', body }),
      invalidatesTags: (_result, _error, { grp }) => [{ type: 'ListCounts', id: grp }, { type: 'Contact', id: `LIST-${grp}` }],
    }),
    // The refresh trigger is polled, and its answer changes: a mutation, never cached.
    triggerRefresh: build.mutation<RefreshState, number>({
      query: (id) => ({ url: `/grps/${id}/refresh`, method: 'GET' }),
    }),
    sendTargetList: build.mutation<ImportReport, TargetListRequest>({
      query: (body) => ({ url: '/amp/bo/target/new', method: 'POST', body }),
      invalidatesTags: (_result, _error, { internalname }) => [
        { type: 'ListCounts', id: Number(internalname) },
        { type: 'Contact', id: `LIST-${internalname}` },
      ],
    }),
  }),
});

export const {
  useGetListsPageQuery,
  useGetPublicDefaultListQuery,
  useContactsDownloadLinkMutation,
  useGetContactsPageQuery,
  useUpdateContactMutation,
  useGetListQuery,
  useGetContactQuery,
  useSubscribeToListMutation,
  useCreateListMutation,
  useUpdateListMutation,
  useGetListCountsQuery,
  useGetListAttribsQuery,
  useAddContactMutation,
  useGetLastContactDateMutation,
  useCreateContactsByDateMutation,
  useTriggerRefreshMutation,
  useSendTargetListMutation,
} = listsApi;
