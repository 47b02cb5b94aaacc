import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { baseApi } from '../shared/api';
import { appConfig } from '../shared/config/appConfig';
import { isDevelopment, isQaBuild } from '../shared/config/build';
import { createTraceRecorder, redact, redactAction, type TracedStore } from '../shared/trace';
import { rootReducer, type RootState } from './rootReducer';
import { appTraceMeta } from './trace/appMeta';

export type { RootState };

/** Redux DevTools and the trace recorder are on in development and QA builds (QA_BUILD=1). */
const devToolsEnabled = isDevelopment || isQaBuild;

export function makeStore(preloadedState?: Partial<RootState>) {
  // Production builds start it on demand (installTraceControls).
  const traceRecorder = createTraceRecorder({ recording: devToolsEnabled, meta: appTraceMeta });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions; nothing else may.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(baseApi.middleware, traceRecorder.middleware),
    // The extension's own export skips these sanitizers: QA shares the recorder's traces instead.
    devTools: devToolsEnabled && { name: appConfig.productName, actionSanitizer: redactAction, stateSanitizer: redact },
  });
  setupListeners(store.dispatch);
  return Object.assign(store, { traceRecorder } satisfies TracedStore);
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
