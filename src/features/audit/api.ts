import { baseApi, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { AuditAction, AuditEntry } from './types';

/** A page of the audit trail, as its table asks for it. */
export interface AuditPageArgs {
  query: TableQuery;
  action?: AuditAction;
  after?: string;
  before?: string;
}

export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditPage: build.query<TablePage<AuditEntry>, AuditPageArgs>({
      query: ({ query, action, after, before }) => {
        return { url: '/audit', params: { ...hydraParams(query), ...(action ? { action } : {}), ...(after ? { after } : {}), ...(before ? { before } : {}) } };
      },
      transformResponse: (collection: HydraCollection<AuditEntry>) => toPage(collection),
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useGetAuditPageQuery } = auditApi;
