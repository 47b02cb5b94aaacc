import { skipToken } from '@reduxjs/toolkit/query';
import { baseApi, members, type HydraCollection } from '../../shared/api';
import { readListVideos, readThemeVideos } from './lib/readAnswers';
import type { Creator, ListVideos, ThemeVideos } from './types';

/** The grid holds a list's latest 5,000 videos (the server's page limit) and renders them a slice at a time. */
export const VIDEO_FETCH_LIMIT = 5000;

/** Spec §8: a failed video list is only logged; the grid shows nothing. */
async function logFailure(_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) {
  try {
    await queryFulfilled;
  } catch (failure) {
    console.error('Video list failure', (failure as { error?: unknown }).error ?? failure);
  }
}

const byTheme = (path: string, theme: string) => ({
  url: `/${path}/${encodeURIComponent(theme)}?itemsPerPage=${VIDEO_FETCH_LIMIT}`,
  method: 'POST',
  body: { theme },
});

export const videosApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** With a visitor's token, the server applies their feed filters (shorts, live streams, words). */
    getListVideos: build.query<ListVideos, { theme: string; visitorToken?: string }>({
      query: ({ theme, visitorToken }) => ({
        ...byTheme('videoByUser', theme),
        ...(visitorToken ? { headers: { 'x-visitor-token': visitorToken } } : {}),
      }),
      transformResponse: readListVideos,
      providesTags: (_result, _error, { theme }) => [{ type: 'Videos', id: `liste:${theme.toLowerCase()}` }],
      onQueryStarted: logFailure,
    }),
    getThemeVideos: build.query<ThemeVideos, string>({
      query: (theme) => byTheme('chaine', theme),
      transformResponse: readThemeVideos,
      providesTags: (_result, _error, theme) => [{ type: 'Videos', id: `chaine:${theme}` }],
      onQueryStarted: logFailure,
    }),
    getCreators: build.query<Creator[], void>({
      query: () => '/creators',
      transformResponse: (collection: HydraCollection<Creator>) =>
        members(collection).map(({ name, hashtags }) => ({ name, hashtags })),
      onQueryStarted: logFailure,
    }),
  }),
});

const EMPTY_LIST: ListVideos = { videos: [], chaines: [], liste: null, known: true };
const EMPTY_THEME: ThemeVideos = { videos: [], chaines: [], known: true };

/**
 * A list's videos, channels and name; nothing while loading or after a failure. `notFound`
 * is true only once the server answered that no list has that name. A visitor's token applies
 * their feed filters.
 */
export function useListVideos(theme: string | undefined, visitorToken?: string | null) {
  const { currentData, isFetching } = videosApi.useGetListVideosQuery(theme ? { theme, ...(visitorToken ? { visitorToken } : {}) } : skipToken);
  const notFound = currentData?.known === false;
  return { ...(currentData ?? EMPTY_LIST), isLoading: isFetching && !currentData, notFound };
}

/** A theme's videos and channels; nothing while loading or after a failure. */
export function useThemeVideos(theme: string) {
  const { currentData, isFetching } = videosApi.useGetThemeVideosQuery(theme);
  return { ...(currentData ?? EMPTY_THEME), isLoading: isFetching && !currentData, notFound: currentData?.known === false };
}

export const { useGetCreatorsQuery } = videosApi;
