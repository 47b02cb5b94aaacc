import { baseApi, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { ApiToken, TokenScope } from './types';

const LIST = { type: 'ApiToken' as const, id: 'LIST' };

export const tokensApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTokensPage: build.query<TablePage<ApiToken>, TableQuery>({
      query: (query) => ({ url: '/tokens', params: hydraParams(query) }),
      transformResponse: (collection: HydraCollection<ApiToken>) => toPage(collection),
      providesTags: [LIST],
    }),
    // The answer carries the token's text, once: the page shows it and never stores it.
    createToken: build.mutation<ApiToken & { token: string }, { name: string; scopes: TokenScope[]; expiresAt?: string }>({
      query: (body) => ({ url: '/tokens', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    revokeToken: build.mutation<void, number>({
      query: (id) => ({ url: `/tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const { useGetTokensPageQuery, useCreateTokenMutation, useRevokeTokenMutation } = tokensApi;
