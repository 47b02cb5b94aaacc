import { baseApi } from '../../shared/api';
import type { MyRatings, RatingPayload, VideoRatingSummary } from './types';

/** A visitor's call: a refusal never ends a back-office session. */
const visitorCall = { visitorCall: true };

export const ratingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVideoRatings: build.query<VideoRatingSummary, string>({
      query: (videourl) => ({ url: '/video/rating', params: { videourl } }),
      providesTags: (_result, _error, videourl) => [{ type: 'Rating', id: videourl }],
      extraOptions: visitorCall,
    }),
    /** The visitor's own stars, read with their sign-up token (never by e-mail alone). */
    getMyRatings: build.query<MyRatings, { videourl: string; token: string }>({
      query: ({ videourl, token }) => ({ url: '/video/rating/mine', params: { videourl }, headers: { 'x-visitor-token': token } }),
      providesTags: (_result, _error, { videourl }) => [{ type: 'Rating', id: `mine:${videourl}` }],
      extraOptions: visitorCall,
    }),
    /** `visitorToken` proves the rating is the visitor's own; the visitor's stars are kept in the cache too. */
    rateVideo: build.mutation<VideoRatingSummary, RatingPayload & { visitorToken?: string | null }>({
      // A rating for an address that has a visitor space needs its token (issue 24).
      query: ({ visitorToken, ...rating }) => ({
        url: '/video/rating',
        method: 'POST',
        body: rating,
        ...(visitorToken ? { headers: { 'x-visitor-token': visitorToken } } : {}),
      }),
      extraOptions: visitorCall,
      // The answer carries the video's new averages: no second request to read them.
      async onQueryStarted({ videourl, label, rating, visitorToken }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // A patch, not an upsert: upserts carry a Symbol-keyed callback that a Redux trace cannot hold.
          dispatch(
            ratingsApi.util.updateQueryData('getVideoRatings', videourl, (draft) => {
              draft.ratings = data.ratings;
            }),
          );
          if (visitorToken) {
            dispatch(
              ratingsApi.util.updateQueryData('getMyRatings', { videourl, token: visitorToken }, (draft) => {
                draft.mine[label] = rating;
              }),
            );
          }
        } catch {
          // The caller logs the failure (spec §8).
        }
      },
    }),
  }),
});

export const { useGetVideoRatingsQuery, useGetMyRatingsQuery, useRateVideoMutation } = ratingsApi;
