import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { PasswordResetPage } from './PasswordResetPage';
import { LoginPage } from '../login/LoginPage';

const TOKEN = 'CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC';

const routes = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/mot-de-passe/:token" element={<PasswordResetPage />} />
    <Route path="/mot-de-passe" element={<PasswordResetPage />} />
  </Routes>
);

describe('the password reset (against the real API server)', () => {
  it('« Mot de passe oublié ? » on the sign-in page asks for the address and shows the answer every address gets', async () => {
    renderWithProviders(routes, { route: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir un lien' }));
    expect(screen.getByText('Saisissez l’adresse e-mail de votre compte.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Mot de passe oublié ?' });
    await userEvent.type(form.querySelector('input[name="email"]') as HTMLInputElement, 'personne@nulle-part.example');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir un lien' }));
    expect(await screen.findByText(/Si un compte existe pour cette adresse/)).toBeInTheDocument();
  });

  it("takes the link's token out of the address, checks the new password twice, and says what the server says of the link", async () => {
    renderWithProviders(routes, { route: `/mot-de-passe/${TOKEN}` });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/mot-de-passe$/));
    await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'court');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(screen.getByText('12 caractères au moins.')).toBeInTheDocument();
    expect(screen.getByText('Les deux mots de passe diffèrent.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), '-mais-plus-long');
    await userEvent.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'court-mais-plus-long');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    // A made-up link: the server's French, from the page without the token in its address.
    expect(await screen.findByText("Ce lien de changement de mot de passe n'existe pas.")).toBeInTheDocument();
  });

  it('reached without a token, says the link is incomplete and shows no form', async () => {
    renderWithProviders(routes, { route: '/mot-de-passe' });
    expect(await screen.findByText(/Ce lien est incomplet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer le mot de passe' })).not.toBeInTheDocument();
  });
});
