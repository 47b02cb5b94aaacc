import { baseApi, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Recipient, SocialMedia, SocialMediaCheck, YoutubeRefreshSummary } from './types';

export const socialMediaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the user's recipients in id order, for the list-wide refresh to walk through. */
    getRecipientsBatch: build.query<TablePage<Recipient>, { user: number; page: number; itemsPerPage: number }>({
      query: ({ user, page, itemsPerPage }) => ({ url: '/recipients', params: { user, page, itemsPerPage, 'order[id]': 'asc' } }),
      transformResponse: (collection: HydraCollection<Recipient>) => toPage(collection),
      // Read once per refresh: an old page would skip recipients added since.
      keepUnusedDataFor: 0,
    }),
    getRecipientsPage: build.query<TablePage<Recipient>, { user: number; query: TableQuery }>({
      query: ({ user, query }) => ({ url: '/recipients', params: { user, ...hydraParams(query) } }),
      transformResponse: (collection: HydraCollection<Recipient>) => toPage(collection),
      providesTags: (page) => [{ type: 'Recipient', id: 'LIST' }, ...(page?.rows ?? []).map((r) => ({ type: 'Recipient' as const, id: r.id }))],
    }),
    getRecipient: build.query<Recipient, number>({
      query: (id) => `/recipients/${id}`,
      extraOptions: { recordLookup: true },
      providesTags: (_result, _error, id) => [{ type: 'Recipient', id }],
    }),
    getSocialMedia: build.query<SocialMedia, number>({
      query: (id) => `/recipients/${id}/socialMedia`,
      extraOptions: { recordLookup: true },
      providesTags: (_result, _error, id) => [{ type: 'SocialMedia', id }],
    }),
    // Spec §7.4: the recipient's channel and X account, read now and stored.
    checkSocialMedia: build.mutation<SocialMediaCheck, { id: number }>({
      query: (body) => ({ url: '/getSocialMediaInfo', method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'SocialMedia', id }],
    }),
    // Spec §7.4: the stored YouTube data of these recipients, read again.
    refreshYoutubeList: build.mutation<YoutubeRefreshSummary, { ids: number[] }>({
      query: (body) => ({ url: '/socialMedia/youtube/list', method: 'POST', body }),
      invalidatesTags: (_result, _error, { ids }) => ids.map((id) => ({ type: 'SocialMedia' as const, id })),
    }),
  }),
});

export const { useLazyGetRecipientsBatchQuery, useGetRecipientsPageQuery, useGetRecipientQuery, useGetSocialMediaQuery, useCheckSocialMediaMutation, useRefreshYoutubeListMutation } =
  socialMediaApi;
