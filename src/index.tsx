import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { makeStore } from './app/store';
import { appConfig } from './shared/config/appConfig';
import { isDevelopment, isQaBuild } from './shared/config/build';
import { fr } from './shared/i18n/fr';
import { installTraceControls } from './shared/trace';
import { lazyPart } from './shared/ui/lazyPart';

/** The trace viewer (development and QA builds): a page of its own, loaded on demand, with no store of the app's. */
const TRACE_VIEWER_PATH = /^\/qa\/traces\/?$/;
const TraceViewerApp = lazyPart(() => import(/* webpackChunkName: "qa-traces" */ './app/traceViewer/TraceViewer').then((m) => m.TraceViewerApp));

const root = createRoot(document.getElementById('root') as HTMLElement);

if ((isDevelopment || isQaBuild) && TRACE_VIEWER_PATH.test(window.location.pathname)) {
  root.render(
    <StrictMode>
      <Suspense fallback={null}>
        <TraceViewerApp />
      </Suspense>
    </StrictMode>,
  );
} else {
  const store = makeStore();
  // Before persistStore, so an on-demand trace starts with the page.
  installTraceControls(store.traceRecorder);
  const persistor = persistStore(store);
  document.title = fr.app.publicTitle(appConfig.productName);

  root.render(
    <StrictMode>
      <AppProviders store={store} persistor={persistor}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
