import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { baseApi } from '../../shared/api';
import { visitorCall, withToken, type HistoryEntry } from './api';
import { selectVisitorToken } from './selectors';

/**
 * The space's endpoints that only lazily loaded parts use (issue 42: history, "Retrouver mon
 * espace"): injected when such a part loads, so the public page's first JavaScript stays within
 * its budget.
 */
export const spaceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** "Retrouver mon espace": the same answer whether the address has a space or not. */
    requestSignInLink: build.mutation<{ message: string }, { email: string }>({
      query: ({ email }) => ({ url: '/visitor/sign-in-link', method: 'POST', body: { email } }),
      extraOptions: visitorCall,
    }),
    getHistory: build.query<HistoryEntry[], string>({
      query: (token) => withToken(token, '/visitor/history'),
      transformResponse: (answer: { history: HistoryEntry[] }) => answer.history,
      providesTags: ['History'],
      extraOptions: visitorCall,
    }),
    /** `final`: the panel closes or playback paused: the history and the counts are read again. */
    saveHistory: build.mutation<null, { token: string; videoId: string; position: number; duration: number; final?: boolean }>({
      query: ({ token, videoId, position, duration }) => withToken(token, `/visitor/history/${encodeURIComponent(videoId)}`, { position, duration }, 'PUT'),
      invalidatesTags: (_result, _error, { final }) => (final ? ['History', 'Visitor'] : []),
      extraOptions: visitorCall,
    }),
    deleteHistory: build.mutation<null, { token: string; videoId?: string }>({
      query: ({ token, videoId }) =>
        withToken(token, videoId ? `/visitor/history/${encodeURIComponent(videoId)}` : '/visitor/history', undefined, 'DELETE'),
      invalidatesTags: ['History'],
      extraOptions: visitorCall,
    }),
  }),
});

export const { useRequestSignInLinkMutation } = spaceApi;

export const { useSaveHistoryMutation, useDeleteHistoryMutation } = spaceApi;

/** The signed-up visitor's history, latest first; empty without a space. */
export function useVisitorHistory() {
  const token = useSelector(selectVisitorToken);
  const { data, isLoading } = spaceApi.useGetHistoryQuery(token ?? skipToken);
  return { token, history: data ?? EMPTY_HISTORY, isLoading };
}

const EMPTY_HISTORY: HistoryEntry[] = [];
