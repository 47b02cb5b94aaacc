import { baseApi } from '../../shared/api';
import type { RatingPayload, VideoRatingSummary } from './types';

/** A visitor's call: a refusal never ends a back-office session. */
const visitorCall = { visitorCall: true };

export const ratingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVideoRatings: build.query<VideoRatingSummary, string>({
      query: (videourl) => ({ url: '/video/rating', params: { videourl } }),
      providesTags: (_result, _error, videourl) => [{ type: 'Rating', id: videourl }],
      extraOptions: visitorCall,
    }),
    rateVideo: build.mutation<VideoRatingSummary, RatingPayload>({
      query: (rating) => ({ url: '/video/rating', method: 'POST', body: rating }),
      extraOptions: visitorCall,
      // The answer carries the video's new averages: no second request to read them.
      async onQueryStarted({ videourl }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // A patch, not an upsert: upserts carry a Symbol-keyed callback that a Redux trace cannot hold.
          dispatch(
            ratingsApi.util.updateQueryData('getVideoRatings', videourl, (draft) => {
              draft.ratings = data.ratings;
            }),
          );
        } catch {
          // The caller logs the failure (spec §8).
        }
      },
    }),
  }),
});

export const { useGetVideoRatingsQuery, useRateVideoMutation } = ratingsApi;
