import { baseApi, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Audience, AudienceDetail } from './types';

/** Where the browser downloads the CSV, with the link's token in place of the bearer. */
export const audienceCsvPath = (token: string) => `/audience.csv?download=${encodeURIComponent(token)}`;

/** The filters and order of the table, as the CSV link takes them (no page). */
const exportParams = (query: TableQuery, category: string | null) => {
  const { page: _page, itemsPerPage: _size, ...rest } = hydraParams(query);
  return { ...rest, ...(category ? { category } : {}) };
};

export const audienceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the creators visitors follow, with the categories the caller may filter on. */
    getAudiencePage: build.query<TablePage<Audience> & { categories: string[] }, { query: TableQuery; category: string | null }>({
      query: ({ query, category }) => ({ url: '/audience', params: { ...hydraParams(query), ...(category ? { category } : {}) } }),
      transformResponse: (collection: HydraCollection<Audience> & { categories: string[] }) => ({ ...toPage(collection), categories: collection.categories }),
      // Figures move with every follow and rating: read afresh when the page comes back.
      keepUnusedDataFor: 0,
    }),
    /** One creator's figures and weekly series. */
    getAudience: build.query<AudienceDetail, string>({
      query: (channelId) => `/audience/${encodeURIComponent(channelId)}`,
      keepUnusedDataFor: 0,
    }),
    // A one-minute link the browser follows: the table's creators, filters and order, as CSV.
    audienceDownloadLink: build.mutation<{ token: string }, { query: TableQuery; category: string | null }>({
      query: ({ query, category }) => ({ url: '/audience.csv/download', method: 'POST', body: exportParams(query, category) }),
    }),
  }),
});

export const { useGetAudiencePageQuery, useGetAudienceQuery, useAudienceDownloadLinkMutation } = audienceApi;
