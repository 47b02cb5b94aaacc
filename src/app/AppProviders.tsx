import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { AppStore } from './store';
import { theme } from './theme';

interface Props {
  store: AppStore;
  /** Absent in tests that give the state directly. */
  persistor?: Persistor;
  children: ReactNode;
}

export function AppProviders({ store, persistor, children }: Props) {
  const themed = (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* The snackbar host (notistack) sits in the back-office frame: only the back-office notifies. */}
      {children}
    </ThemeProvider>
  );
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {themed}
        </PersistGate>
      ) : (
        themed
      )}
    </Provider>
  );
}
