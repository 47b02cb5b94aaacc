import { configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi, RECORDED_ONLY } from '../../shared/api';
import { createReplayReducer } from '../trace/replayReducer';

/** Puts a recorded state in the preview store as it is. */
export const STEP_SHOWN = 'traceViewer/stepShown';
export const stepShown = (state: unknown): UnknownAction => ({ type: STEP_SHOWN, payload: state });

/**
 * The store the viewer renders the app's own screens from: the app's reducer (persistence in
 * memory), a state replaced wholesale at each step, and RTK Query reading the recorded cache
 * only: its base query answers "missing from the trace" to a query the recording lacks
 * (RECORDED_ONLY as the thunks' extra argument), so no request leaves the page.
 */
export function createPreviewStore(initial: unknown) {
  const appReducer = createReplayReducer();
  const reducer: Reducer = (state, action) => (action.type === STEP_SHOWN ? (action as unknown as { payload: unknown }).payload : appReducer(state, action));
  return configureStore({
    reducer,
    preloadedState: initial as never,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: RECORDED_ONLY }, immutableCheck: false, serializableCheck: false }).concat(baseApi.middleware),
  });
}

export type PreviewStore = ReturnType<typeof createPreviewStore>;
