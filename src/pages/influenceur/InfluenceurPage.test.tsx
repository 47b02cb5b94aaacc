import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../testing/demoUsers';
import { signedIn } from '../../testing/apiSession';
import InfluenceurPage from './InfluenceurPage';

const section = (name: string) => screen.getByRole('region', { name });

describe('the console on /influenceur (against the real API server)', () => {
  it("shows an admin the lists, categories and speeches, and the buttons 'Nouvelle Catégorie' and 'Nouveau thème'", async () => {
    renderWithProviders(<InfluenceurPage />, { preloadedState: { auth: await signedIn(DEMO_ADMIN) }, route: '/influenceur' });
    expect(await within(section('Listes')).findByText('Équipe')).toBeInTheDocument();
    expect(await within(section('Catégories')).findByText('Modèles TGM')).toBeInTheDocument();
    expect(await within(section('Discours')).findByText('Bienvenue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle Catégorie' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau thème' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle liste' })).toBeInTheDocument();
  });

  it('says what the buttons whose names a newcomer would not guess do (issue 41)', async () => {
    renderWithProviders(<InfluenceurPage />, { preloadedState: { auth: await signedIn(DEMO_ADMIN) }, route: '/influenceur' });
    expect(await screen.findByRole('button', { name: 'Nouveau thème' })).toHaveAccessibleDescription(/^Crée un discours/);
    expect(screen.getByRole('button', { name: 'Nouvelle Catégorie' })).toHaveAccessibleDescription(/^Crée une catégorie de modèles/);
  });

  it('shows an operator their own lists and categories, and neither admin button', async () => {
    renderWithProviders(<InfluenceurPage />, { preloadedState: { auth: await signedIn(DEMO_OPERATOR) }, route: '/influenceur' });
    expect(await within(section('Listes')).findByText('Newsletter mensuelle')).toBeInTheDocument();
    expect(within(section('Listes')).queryByText('Équipe')).not.toBeInTheDocument();
    expect(await within(section('Catégories')).findAllByText('economie')).toHaveLength(2);
    expect(within(section('Catégories')).queryByText('Cinéma')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle Catégorie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau thème' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle liste' })).toBeInTheDocument();
  });
});
