import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { NotesPage } from './NotesPage';

const api = () => process.env.API_BASE_URL as string;
const DEMO_VIDEO = 'pTLdavAs3Db';

async function spaceWithNotes(email: string, notes: { at: number; text: string }[]): Promise<string> {
  const signup = await fetch(`${api()}/rtEvent/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
  });
  const { tokenAc } = (await signup.json()) as { tokenAc: string };
  for (const note of notes) {
    await fetch(`${api()}/visitor/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-visitor-token': tokenAc },
      body: JSON.stringify({ video: DEMO_VIDEO, ...note }),
    });
  }
  return tokenAc;
}

const noteTexts = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('NotesPage', () => {
  it('lists the space’s notes under their video, newest first, each opening the video at its time, and searches without accents', async () => {
    const email = 'carnet-page@example.org';
    const token = await spaceWithNotes(email, [
      { at: 5, text: 'Premier Épisode' },
      { at: 125, text: 'Sans rapport' },
    ]);
    renderWithProviders(<NotesPage />, { route: '/notes', preloadedState: { visitor: { tokens: [{ email, token }], userEmail: email } } });
    expect(await screen.findByRole('heading', { name: 'Mon carnet de notes', level: 1 })).toBeInTheDocument();
    const group = await screen.findByRole('region', { name: /Créer son entreprise en 2026/ });
    await waitFor(() => expect(within(group).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['02:05Sans rapport', '00:05Premier Épisode']));
    expect(within(group).getByRole('link', { name: /à 00:05$/ })).toHaveAttribute('href', `/?v=${DEMO_VIDEO}&t=5`);
    expect(screen.getByText('2 notes')).toHaveAttribute('role', 'status');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher dans mes notes' }), 'EPI');
    await waitFor(() => expect(noteTexts()).toEqual(['00:05Premier Épisode']));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher dans mes notes' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher dans mes notes' }), 'rien de tel');
    expect(await screen.findByText('Aucune note ne contient « rien de tel ».')).toBeInTheDocument();
  });

  it('shows a browser’s own notes without a space, says they stay here, and searches them too', async () => {
    renderWithProviders(<NotesPage />, {
      route: '/notes',
      preloadedState: {
        notes: {
          byVideo: {
            aaaaaaaaaaa: [{ id: 1, time: 61, description: 'Réglage du son', showShareOptions: false }],
            bbbbbbbbbbb: [{ id: 1, time: 3, description: 'Autre', showShareOptions: false }],
          },
        },
      },
    });
    expect(await screen.findByText(/ne sont gardées que dans ce navigateur/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Vidéo aaaaaaaaaaa' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher dans mes notes' }), 'reglage');
    await waitFor(() => expect(noteTexts()).toEqual(['01:01Réglage du son']));
  });
});
