import { baseApi } from '../../shared/api';

/** What an erasure answers: per table, how many rows went. */
export interface ErasureOutcome {
  tables: Record<string, number>;
}

/** Everything the product holds about an address (`GET /api/personnes/export`). */
export type PersonExport = Record<string, unknown> & {
  contacts: unknown[];
  consentements: unknown[];
  envois: unknown[];
  ouvertures: unknown[];
  clics: unknown[];
  rejets: unknown[];
  automatisations: unknown[];
  visiteur: unknown;
};

export const personnesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: each export is an action the audit trail records, never cached.
    exportPerson: build.mutation<PersonExport, { email: string }>({
      query: ({ email }) => ({ url: '/personnes/export', params: { email } }),
    }),
    erasePerson: build.mutation<ErasureOutcome, { email: string }>({
      query: (body) => ({ url: '/personnes/effacement', method: 'POST', body }),
      invalidatesTags: [
        { type: 'Audit', id: 'LIST' },
        { type: 'Suppression', id: 'LIST' },
        'Contact',
      ],
    }),
    // The visitor's own (their space's token): the same JSON, and the erasure asked by e-mail.
    visitorData: build.mutation<PersonExport, { token: string }>({
      query: ({ token }) => ({ url: '/visitor/donnees', headers: { 'x-visitor-token': token } }),
    }),
    requestVisitorErasure: build.mutation<{ message: string }, { token: string }>({
      query: ({ token }) => ({ url: '/visitor/donnees/effacement', method: 'POST', headers: { 'x-visitor-token': token } }),
    }),
  }),
});

export const { useExportPersonMutation, useErasePersonMutation, useVisitorDataMutation, useRequestVisitorErasureMutation } = personnesApi;
