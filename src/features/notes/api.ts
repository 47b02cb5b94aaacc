import { baseApi, mergePatch, toPage, type HydraCollection } from '../../shared/api';

/** A note kept in the visitor's space (`/api/visitor/notes`), with the video it belongs to. */
export interface ServerNote {
  id: number;
  video: string;
  /** Second of the video the note points at. */
  at: number;
  text: string;
  created: string;
  updated: string;
  videoTitle: string | null;
  videoCreator: string | null;
  videoThumbnail: string | null;
}

export interface NotesQuery {
  token: string;
  q?: string;
  video?: string;
  page?: number;
  itemsPerPage?: number;
}

/** Visitor calls carry the sign-up token; their 401s never end a back-office session. */
const visitorCall = { visitorCall: true };
const tokenHeader = (token: string) => ({ 'x-visitor-token': token });

function notesUrl({ q, video, page, itemsPerPage }: Omit<NotesQuery, 'token'>): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (video) params.set('video', video);
  if (page) params.set('page', String(page));
  if (itemsPerPage) params.set('itemsPerPage', String(itemsPerPage));
  const query = params.toString();
  return `/visitor/notes${query ? `?${query}` : ''}`;
}

export const notesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotes: build.query<{ rows: ServerNote[]; total: number }, NotesQuery>({
      query: ({ token, ...query }) => ({ url: notesUrl(query), headers: tokenHeader(token) }),
      transformResponse: (answer: HydraCollection<ServerNote>) => toPage(answer),
      providesTags: ['Note'],
      extraOptions: visitorCall,
    }),
    addNote: build.mutation<ServerNote, { token: string; video: string; at: number; text: string }>({
      query: ({ token, ...body }) => ({ url: '/visitor/notes', method: 'POST', body, headers: tokenHeader(token) }),
      invalidatesTags: ['Note'],
      extraOptions: visitorCall,
    }),
    /** A browser's own notes, into the space: the kept note of each, or null when refused. */
    mergeNotes: build.mutation<{ notes: (ServerNote | null)[] }, { token: string; notes: { video: string; at: number; text: string }[] }>({
      query: ({ token, notes }) => ({ url: '/visitor/notes/merge', method: 'POST', body: { notes }, headers: tokenHeader(token) }),
      invalidatesTags: ['Note'],
      extraOptions: visitorCall,
    }),
    updateNote: build.mutation<ServerNote, { token: string; id: number; at?: number; text?: string }>({
      query: ({ token, id, ...changes }) => {
        const call = mergePatch(`/visitor/notes/${id}`, changes);
        return { ...call, headers: { ...(call.headers as Record<string, string>), ...tokenHeader(token) } };
      },
      invalidatesTags: ['Note'],
      extraOptions: visitorCall,
    }),
    deleteNote: build.mutation<void, { token: string; id: number }>({
      query: ({ token, id }) => ({ url: `/visitor/notes/${id}`, method: 'DELETE', headers: tokenHeader(token) }),
      invalidatesTags: ['Note'],
      extraOptions: visitorCall,
    }),
  }),
});

export const { useGetNotesQuery, useAddNoteMutation, useMergeNotesMutation, useUpdateNoteMutation, useDeleteNoteMutation } = notesApi;
