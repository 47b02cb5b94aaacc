import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { FeedbackHost } from '../shared/ui/Feedback';

interface Options {
  preloadedState?: Partial<RootState>;
  route?: string;
  store?: AppStore;
}

/** Shows the current path, so tests can assert where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders with the real store, router and theme; no hooks or selectors are mocked. */
export function renderWithProviders(ui: ReactElement, { preloadedState, route = '/', store }: Options = {}) {
  const appStore = store ?? makeStore(preloadedState);
  const result = render(
    <AppProviders store={appStore}>
      {/* As the back-office frame does, for components tested outside it. */}
      <FeedbackHost>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <Routes>
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </FeedbackHost>
    </AppProviders>,
  );
  return { store: appStore, ...result };
}
