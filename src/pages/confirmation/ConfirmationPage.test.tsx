import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { ConfirmationPage } from './ConfirmationPage';

const TOKEN = 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

const routes = (
  <Routes>
    <Route path="/confirmation/:token" element={<ConfirmationPage />} />
    <Route path="/confirmation" element={<ConfirmationPage />} />
  </Routes>
);

describe('the confirmation page (against the real API server)', () => {
  it("takes the link's token out of the address at once, and still asks the server about it", async () => {
    const { store } = renderWithProviders(routes, { route: `/confirmation/${TOKEN}` });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/confirmation$/));
    // The server was asked about the link's token (an unknown one here), from the page without it.
    expect(await screen.findByText('Ce lien de confirmation n’existe pas. Vérifiez qu’il a été copié en entier.')).toBeInTheDocument();
    const asked = Object.values(store.getState().api.queries).map((query) => query?.originalArgs);
    expect(asked).toContain(TOKEN);
  });

  it('reached without a token, asks nothing and says the link is unknown', async () => {
    const { store } = renderWithProviders(routes, { route: '/confirmation' });
    expect(await screen.findByText('Ce lien de confirmation n’existe pas. Vérifiez qu’il a été copié en entier.')).toBeInTheDocument();
    expect(Object.keys(store.getState().api.queries).filter((key) => key.startsWith('getConfirmation'))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Je confirme' })).not.toBeInTheDocument();
  });
});
