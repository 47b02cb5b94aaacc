import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { makeStore } from './app/store';
import { appConfig } from './shared/config/appConfig';
import { fr } from './shared/i18n/fr';
import { installTraceControls } from './shared/trace';

const store = makeStore();
// Before persistStore, so an on-demand trace starts with the page.
installTraceControls(store.traceRecorder);
const persistor = persistStore(store);
document.title = fr.app.publicTitle(appConfig.productName);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders store={store} persistor={persistor}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
