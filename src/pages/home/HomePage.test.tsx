import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { ListePage } from '../liste/ListePage';
import { HomePage } from './HomePage';

describe('the home page (against the real API server and its demo data)', () => {
  it('shows the seeded creators with their hashtags, the fourth card, and the first creator’s videos', async () => {
    renderWithProviders(<HomePage />);
    const cards = screen.getByRole('list', { name: 'Listes des créateurs' });
    expect(await within(cards).findByText('JulienEntreprend')).toBeInTheDocument();
    expect(within(cards).getByText('#business #actu')).toBeInTheDocument();
    expect(within(cards).getByText('#formation #ecolo')).toBeInTheDocument();
    expect(within(cards).getByText('#crowdfunding #or')).toBeInTheDocument();
    expect(within(cards).getByRole('link', { name: /ClaraFormation/ })).toHaveAttribute('href', '/liste/ClaraFormation');
    expect(within(cards).getByRole('button', { name: 'Créer votre liste' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: '60 vidéos' })).toBeInTheDocument();
  });

  it("opens the signup popin from 'Créer votre liste' and the login popin from the header", async () => {
    renderWithProviders(<HomePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Créer votre liste' }));
    expect(await screen.findByRole('dialog', { name: "S'inscrire" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const login = await screen.findByRole('dialog', { name: 'Se connecter' });
    expect(within(login).getByLabelText('Mot de passe')).toBeInTheDocument();
  });

  it('filters the grid by creator name', async () => {
    renderWithProviders(<HomePage />);
    await screen.findByRole('list', { name: '60 vidéos' });
    await userEvent.type(screen.getByPlaceholderText('Filtrer par nom de youtubeur'), 'startup');
    expect(screen.getByRole('list', { name: '15 vidéos' })).toBeInTheDocument();
    const creators = screen.getAllByRole('article').map((card) => within(card).getByText(/Startup Hebdo|Le Fil|Média|Julien/).textContent);
    expect(new Set(creators)).toEqual(new Set(['Startup Hebdo']));
  });
});

describe('a list page', () => {
  const renderListe = (route: string) =>
    renderWithProviders(
      <Routes>
        <Route path="/liste/:theme" element={<ListePage />} />
      </Routes>,
      { route },
    );

  it("shows a list's followed channels, shortcut tiles and videos with their views", async () => {
    renderListe('/liste/ClaraFormation');
    expect(await screen.findByRole('heading', { name: 'Liste ClaraFormation', level: 1 })).toBeInTheDocument();
    const followed = screen.getByRole('region', { name: 'Chaînes suivies' });
    expect(await within(followed).findByRole('link', { name: 'Potager Durable' })).toBeInTheDocument();
    const shortcuts = screen.getByRole('navigation', { name: 'Listes des créateurs' });
    expect(within(shortcuts).getByRole('link', { name: 'MaximeInvestit' })).toHaveAttribute('href', '/liste/MaximeInvestit');
    expect(await screen.findByRole('list', { name: '60 vidéos' })).toBeInTheDocument();
    expect(screen.getAllByText(/de [\d\s]+ vues/).length).toBeGreaterThan(0);
  });

  it("says 'Aucune chaîne suivie' for a list without channels", async () => {
    // A visitor's new list, made through the real API.
    const api = process.env.API_BASE_URL;
    const email = 'liste.vide@example.org';
    const signup = await fetch(`${api}/rtEvent/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
    });
    const { tokenAc } = (await signup.json()) as { tokenAc: string };
    const created = await fetch(`${api}/visitor/liste`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-visitor-token': tokenAc },
      body: JSON.stringify({ name: `ListeVide${Date.now()}` }),
    });
    const { liste } = (await created.json()) as { liste: { name: string } };
    renderListe(`/liste/${liste.name}`);
    expect(await screen.findByText('Aucune chaîne suivie')).toBeInTheDocument();
    expect(await screen.findByText('Aucune vidéo')).toBeInTheDocument();
  });

  it("says 'Liste introuvable' for a name no list has, with the way home", async () => {
    renderListe('/liste/PersonneIci');
    expect(await screen.findByRole('heading', { name: 'Liste introuvable' })).toBeInTheDocument();
    expect(screen.getByText('Aucune liste ne s’appelle « PersonneIci ».'.replace('’', "'"))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Revenir à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Aucune chaîne suivie')).not.toBeInTheDocument();
  });

  it('empties the grid and logs when the answer is a failure', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The server refuses a theme that long.
      renderListe(`/liste/${'x'.repeat(101)}`);
      await waitFor(() => expect(errors).toHaveBeenCalledWith('Video list failure', expect.objectContaining({ status: 400 })));
      // The failure is logged as the query settles; the grid renders it a moment later.
      expect(await screen.findByText('Aucune vidéo')).toBeInTheDocument();
    } finally {
      errors.mockRestore();
    }
  });
});
