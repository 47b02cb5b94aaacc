import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { baseApi, type Chaine } from '../../shared/api';
import { COMPANY_TAG } from '../../shared/config/profiles';
import { selectVisitorToken } from './selectors';

/** A followed creator, with how many of their videos are new since the visitor last looked. */
export type FollowedChaine = Chaine & { unseen: number };

export interface VisitorListe {
  name: string;
  hashtags: string[];
  chaines: FollowedChaine[];
}

export interface Groupe {
  name: string;
  /** YouTube channel ids. */
  chaines: string[];
}

export type Digest = 'aucun' | 'quotidien' | 'hebdomadaire';
export type VideoEtat = 'plus tard' | 'masquée';
export type VisitorView = 'nouveautes' | 'plusTard' | 'masquees';

/** A video as the public routes answer it (the same shape as the videos feature's). */
export interface VisitorVideo {
  id: string;
  youtube_titre: string;
  youtube_name: string;
  youtube_lien: string;
  img_lien?: string | null;
  created: string;
  youtube_nb_vue: number;
  url: string;
  channelId: string;
  theme: string;
}

/** What an import did, channel by channel (`POST /api/visitor/subscriptions/import`). */
export interface ImportReport {
  format: string;
  followed: { id: string; name: string }[];
  alreadyFollowed: { id: string; name: string }[];
  unknown: { name: string | null; source: string }[];
  failed: { id: string; name: string | null; message: string }[];
  pending: { id: string; name: string }[];
  groupes: string[];
  plusTard: number;
  masquees: number;
}

export type ExportFormat = 'opml' | 'newpipe' | 'freetube';

/** Where the visitor stopped in a video (`GET /api/visitor/history`). */
export interface HistoryEntry {
  videoId: string;
  position: number;
  duration: number;
  /** Watched past 90 %: counted as seen. */
  finished: boolean;
  watchedAt: string;
  video: VisitorVideo;
}

export interface FeedFilters {
  hideShorts: boolean;
  hideLive: boolean;
  hiddenWords: string[];
}

export interface VisitorProfile extends FeedFilters {
  email: string;
  liste: VisitorListe | null;
  emailConfirmed: boolean;
  digest: Digest;
  digestHour: number;
  feedUrl: string;
  groupes: Groupe[];
  plusTard: string[];
  masquees: string[];
  /** What the latest import became once its feeds were read; null before any. */
  lastImport: (ImportReport & { at: string }) | null;
}

/** The opt-in event of spec §7.6. */
export function signupEvent(email: string, url: string, optin = true) {
  return {
    path: 'api/rtEvent/new',
    email,
    name: 'optin_grp',
    grp_name: 'default',
    optin,
    data: { url, email, type: 'optin', social_media: '', grp_name: 'default', optin },
    origin: COMPANY_TAG,
    twitter: '',
  };
}

/** Visitor calls carry the sign-up token; their 401s never end a back-office session. */
export const visitorCall = { visitorCall: true };
export const withToken = (token: string, url: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') => ({
  url,
  method,
  body,
  headers: { 'x-visitor-token': token },
});

export const visitorsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `tokenAc` is null when the address has a space already: a sign-in link was mailed to it. */
    signUp: build.mutation<{ tokenAc: string | null; signInLinkSent?: boolean }, { email: string; url: string; optin?: boolean }>({
      query: ({ email, url, optin }) => ({ url: '/rtEvent/new', method: 'POST', body: signupEvent(email, url, optin) }),
      extraOptions: visitorCall,
    }),
    getVisitorProfile: build.query<VisitorProfile, string>({
      query: (token) => withToken(token, '/visitor/me'),
      providesTags: ['Visitor'],
      extraOptions: visitorCall,
    }),
    createListe: build.mutation<{ liste: VisitorListe }, { token: string; name: string }>({
      query: ({ token, name }) => withToken(token, '/visitor/liste', { name }),
      invalidatesTags: ['Visitor', 'Videos'],
      extraOptions: visitorCall,
    }),
    follow: build.mutation<{ liste: VisitorListe }, { token: string; chaine: string }>({
      query: ({ token, chaine }) => withToken(token, '/visitor/follow', { chaine }),
      invalidatesTags: ['Visitor', 'Videos'],
      extraOptions: visitorCall,
    }),
    unfollow: build.mutation<{ liste: VisitorListe }, { token: string; chaine: string }>({
      query: ({ token, chaine }) => withToken(token, '/visitor/unfollow', { chaine }),
      invalidatesTags: ['Visitor', 'Videos'],
      extraOptions: visitorCall,
    }),
    /** The file goes as it is: the server recognises its format. */
    importSubscriptions: build.mutation<ImportReport, { token: string; file: Blob }>({
      query: ({ token, file }) => ({
        url: '/visitor/subscriptions/import',
        method: 'POST',
        body: file,
        headers: { 'x-visitor-token': token, 'content-type': 'application/octet-stream' },
      }),
      invalidatesTags: ['Visitor', 'Videos'],
      extraOptions: visitorCall,
    }),
    getVisitorVideos: build.query<VisitorVideo[], { token: string; vue: VisitorView }>({
      query: ({ token, vue }) => withToken(token, `/visitor/videos?vue=${vue}`),
      transformResponse: (answer: { videos: VisitorVideo[] }) => answer.videos,
      providesTags: ['Visitor'],
      extraOptions: visitorCall,
    }),
    markSeen: build.mutation<unknown, { token: string; chaine?: string; video?: string }>({
      query: ({ token, chaine, video }) => withToken(token, '/visitor/seen', { ...(chaine ? { chaine } : {}), ...(video ? { video } : {}) }),
      invalidatesTags: ['Visitor'],
      extraOptions: visitorCall,
    }),
    putGroupe: build.mutation<{ groupes: Groupe[] }, { token: string; name: string; chaines: string[] }>({
      query: ({ token, name, chaines }) => withToken(token, `/visitor/groupes/${encodeURIComponent(name)}`, { chaines }, 'PUT'),
      invalidatesTags: ['Visitor'],
      extraOptions: visitorCall,
    }),
    deleteGroupe: build.mutation<{ groupes: Groupe[] }, { token: string; name: string }>({
      query: ({ token, name }) => withToken(token, `/visitor/groupes/${encodeURIComponent(name)}`, undefined, 'DELETE'),
      invalidatesTags: ['Visitor'],
      extraOptions: visitorCall,
    }),
    setVideoEtat: build.mutation<{ plusTard: string[]; masquees: string[] }, { token: string; videoId: string; etat: VideoEtat | null }>({
      query: ({ token, videoId, etat }) => withToken(token, `/visitor/videos/${encodeURIComponent(videoId)}`, { etat }),
      invalidatesTags: ['Visitor'],
      extraOptions: visitorCall,
    }),
    renewFeed: build.mutation<{ feedUrl: string }, { token: string }>({
      query: ({ token }) => withToken(token, '/visitor/feed', {}),
      invalidatesTags: ['Visitor'],
      extraOptions: visitorCall,
    }),
    updateVisitor: build.mutation<VisitorProfile, { token: string; digest?: Digest; digestHour?: number } & Partial<FeedFilters>>({
      query: ({ token, ...changes }) => withToken(token, '/visitor/me', changes, 'PATCH'),
      // The filters change the grid too.
      invalidatesTags: ['Visitor', 'Videos'],
      extraOptions: visitorCall,
    }),
    exportSubscriptions: build.mutation<string, { token: string; format: ExportFormat }>({
      query: ({ token, format }) => ({
        url: `/visitor/subscriptions/export?format=${format}`,
        headers: { 'x-visitor-token': token },
        responseHandler: 'text',
      }),
      extraOptions: visitorCall,
    }),
  }),
});

export const { useImportSubscriptionsMutation, useExportSubscriptionsMutation } = visitorsApi;


export const {
  useGetVisitorVideosQuery,
  useMarkSeenMutation,
  usePutGroupeMutation,
  useDeleteGroupeMutation,
  useSetVideoEtatMutation,
  useRenewFeedMutation,
  useUpdateVisitorMutation,
} = visitorsApi;

/** The signed-up visitor's whole profile (list, groups, saved and hidden videos, feed, digest). */
export function useVisitorProfile() {
  const token = useSelector(selectVisitorToken);
  const { data, isLoading, isError } = visitorsApi.useGetVisitorProfileQuery(token ?? skipToken);
  return { token, profile: data ?? null, isLoading, isError };
}

export const { useSignUpMutation, useCreateListeMutation, useFollowMutation, useUnfollowMutation } = visitorsApi;

/** The signed-up visitor's token and list; `liste` is null until they create one. */
export function useVisitorListe() {
  const token = useSelector(selectVisitorToken);
  const { data, isLoading, isError } = visitorsApi.useGetVisitorProfileQuery(token ?? skipToken);
  return { token, liste: data?.liste ?? null, isLoading, isError };
}
