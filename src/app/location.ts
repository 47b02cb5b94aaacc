import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { redactUrl } from '../shared/trace';

/** The page the app shows, as the router has it: recorded, so a trace says where each state was seen. */
export interface RecordedLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * `router/locationChanged`: dispatched on every navigation (LocationRecorder), with the
 * address's secrets (`?token=...`, a JWT) already redacted, so the action and the state stay
 * plain data that replays as it is. The app itself routes with react-router, not this slice.
 */
export const routerSlice = createSlice({
  name: 'router',
  initialState: { location: null as RecordedLocation | null },
  reducers: {
    locationChanged: {
      reducer: (state, action: PayloadAction<RecordedLocation>) => {
        state.location = action.payload;
      },
      prepare: ({ pathname, search, hash }: RecordedLocation) => ({
        payload: { pathname: redactUrl(pathname), search: redactUrl(search), hash: redactUrl(hash) },
      }),
    },
  },
  selectors: {
    selectRecordedLocation: (state) => state.location,
  },
});

export const { locationChanged } = routerSlice.actions;
export const { selectRecordedLocation } = routerSlice.selectors;

/** The address of a recorded location, as a router takes it. */
export const locationPath = (location: RecordedLocation | null | undefined): string =>
  location ? `${location.pathname}${location.search}${location.hash}` : '/';
