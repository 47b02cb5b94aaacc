import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { PreferencesPage } from './PreferencesPage';

const routes = (
  <Routes>
    <Route path="/preferences/:token" element={<PreferencesPage />} />
    <Route path="/preferences" element={<PreferencesPage />} />
  </Routes>
);

describe('the preference page (issue 37, against the real API server)', () => {
  it("takes the link's token out of the address, and says a BAT's link changes nothing", async () => {
    renderWithProviders(routes, { route: '/preferences/test' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/preferences$/));
    expect(await screen.findByText('Ce lien vient d’un envoi de test (BAT) : aucun abonnement n’est modifié ici.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gérer mes abonnements', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Me désabonner de tout' })).not.toBeInTheDocument();
    // A BAT's link names nobody: no data to download or erase.
    expect(screen.queryByRole('button', { name: 'Télécharger mes données' })).not.toBeInTheDocument();
  });

  it('says so for a link the server did not make', async () => {
    renderWithProviders(routes, { route: '/preferences/1.abcdefghijklmnopqrstuvwx' });
    expect(await screen.findByText('Ce lien de gestion des abonnements est invalide.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Effacer mes données' })).not.toBeInTheDocument();
  });
});
