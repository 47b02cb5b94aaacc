import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../testing/demoUsers';
import { signedIn } from '../../testing/apiSession';
import { InvitationPage } from '../invitation/InvitationPage';
import UsersPage from './UsersPage';

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

describe('« Utilisateurs » and the invitation page (against the real API server)', () => {
  it('invites an éditeur (an address first), and lists them as invited with their role', async () => {
    const auth = await signedIn(DEMO_ADMIN);
    renderWithProviders(<UsersPage />, { preloadedState: { auth }, route: '/influenceur/utilisateurs' });
    expect(screen.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Inviter un utilisateur' });
    await userEvent.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(within(form).getByText('Saisissez une adresse e-mail valide.')).toBeInTheDocument();

    const email = `invite-${unique()}@example.org`;
    await userEvent.type(within(form).getByRole('textbox', { name: 'Adresse e-mail' }), email);
    await userEvent.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await screen.findByText(`Invitation envoyée à ${email}.`)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Utilisateurs' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter:' }), email);
    const row = (await within(table).findByText(email)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Invitation envoyée')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: `Rôle de ${email}` })).toHaveTextContent('Éditeur');
  });

  it('tells a non-admin the page is not theirs', async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    renderWithProviders(<UsersPage />, { preloadedState: { auth }, route: '/influenceur/utilisateurs' });
    expect(screen.getByText('Cette page est réservée aux administrateurs.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Inviter un utilisateur' })).not.toBeInTheDocument();
  });

  it("takes the link's token out of the address, and shows the server's French on a made-up one", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/invitation/:token" element={<InvitationPage />} />
        <Route path="/invitation" element={<InvitationPage />} />
      </Routes>,
      { route: '/invitation/inventeInventeInvente0123456789' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/invitation$/));
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'court');
    await userEvent.click(screen.getByRole('button', { name: 'Choisir ce mot de passe et entrer' }));
    expect(screen.getByText('12 caractères au moins.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mot de passe'), '-colibri-banquise-42');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'court-colibri-banquise-42');
    await userEvent.click(screen.getByRole('button', { name: 'Choisir ce mot de passe et entrer' }));
    expect(await screen.findByText("Cette invitation n'existe pas.")).toBeInTheDocument();
  });
});
