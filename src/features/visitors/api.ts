import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { baseApi, type Chaine } from '../../shared/api';
import { COMPANY_TAG } from '../../shared/config/profiles';
import { selectVisitorToken } from './selectors';

export interface VisitorListe {
  name: string;
  hashtags: string[];
  chaines: Chaine[];
}

/** What an import did, channel by channel (`POST /api/visitor/subscriptions/import`). */
export interface ImportReport {
  format: string;
  followed: { id: string; name: string }[];
  alreadyFollowed: { id: string; name: string }[];
  unknown: { name: string | null; source: string }[];
  failed: { id: string; name: string | null; message: string }[];
}

export type ExportFormat = 'opml' | 'newpipe';

export interface VisitorProfile {
  email: string;
  liste: VisitorListe | null;
}

/** The opt-in event of spec §7.6. */
export function signupEvent(email: string, url: string) {
  return {
    path: 'api/rtEvent/new',
    email,
    name: 'optin_grp',
    grp_name: 'default',
    optin: true,
    data: { url, email, type: 'optin', social_media: '', grp_name: 'default', optin: true },
    origin: COMPANY_TAG,
    twitter: '',
  };
}

/** Visitor calls carry the sign-up token; their 401s never end a back-office session. */
const visitorCall = { visitorCall: true };
const withToken = (token: string, url: string, body?: unknown) => ({
  url,
  method: body === undefined ? 'GET' : 'POST',
  body,
  headers: { 'x-visitor-token': token },
});

export const visitorsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<{ tokenAc: string }, { email: string; url: string }>({
      query: ({ email, url }) => ({ url: '/rtEvent/new', method: 'POST', body: signupEvent(email, url) }),
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

export const { useSignUpMutation, useCreateListeMutation, useFollowMutation, useUnfollowMutation } = visitorsApi;

/** The signed-up visitor's token and list; `liste` is null until they create one. */
export function useVisitorListe() {
  const token = useSelector(selectVisitorToken);
  const { data, isLoading, isError } = visitorsApi.useGetVisitorProfileQuery(token ?? skipToken);
  return { token, liste: data?.liste ?? null, isLoading, isError };
}
