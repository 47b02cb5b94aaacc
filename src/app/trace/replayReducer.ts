import { configureStore, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PERSIST, PURGE, persistReducer } from 'redux-persist';
import { baseApi } from '../../shared/api';
import { combinedReducer, persistConfig } from '../rootReducer';
import { memoryStorage } from '../persistStorage';
import '../apiEndpoints';

/**
 * The app's root reducer (its slices and persist config) for replays: persistence kept in
 * memory, with no rehydration timer, so a replay touches no browser storage and no network.
 */
export function createReplayReducer(): Reducer {
  return persistReducer({ ...persistConfig, storage: memoryStorage(), timeout: 0 }, combinedReducer) as Reducer;
}

let localApiUid: string | undefined;

/**
 * RTK Query marks its middleware registered with an id drawn when the app loads; a recorded
 * id from another page load would read as a conflict. The local id, from a probe store.
 */
function apiUid(): string {
  if (localApiUid === undefined) {
    const capture: Middleware = () => (next) => (action) => {
      if (baseApi.internalActions.middlewareRegistered.match(action)) localApiUid = action.payload;
      return next(action);
    };
    configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware, capture),
    }).dispatch({ type: 'trace/apiProbed' });
  }
  return localApiUid ?? '';
}

const noop = () => undefined;

/**
 * A recorded action as the reducer can take it again: redux-persist's callbacks, which a file
 * cannot hold, become no-ops; RTK Query's registration carries this page load's id.
 */
export function replayable(action: UnknownAction): UnknownAction {
  if (action.type === PERSIST) return { register: noop, rehydrate: noop, ...action };
  if (action.type === FLUSH || action.type === PURGE) return { result: noop, ...action };
  if (baseApi.internalActions.middlewareRegistered.match(action)) return { ...action, payload: apiUid() };
  return action;
}
