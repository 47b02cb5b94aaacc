import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { VideoNotes } from './VideoNotes';

// A demo video: the server knows it, so its notes go into the visitor's space.
const video = { id: 'pTLdavAs3Db', title: 'Créer son entreprise en 2026 : les 7 étapes' };
const api = () => process.env.API_BASE_URL as string;

async function newSpace(email: string): Promise<string> {
  const response = await fetch(`${api()}/rtEvent/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
  });
  return ((await response.json()) as { tokenAc: string }).tokenAc;
}

const serverNotes = async (token: string) =>
  ((await (await fetch(`${api()}/visitor/notes`, { headers: { 'x-visitor-token': token } })).json()) as { 'hydra:member': { at: number; text: string }[] })[
    'hydra:member'
  ].map((note) => [note.at, note.text]);

const savedNotes = () => within(screen.getByRole('list', { name: 'Notes sauvegardées' })).queryAllByRole('listitem');

describe('VideoNotes in a visitor’s space', () => {
  it('merges the browser’s notes into the space once, then writes, edits and deletes there', async () => {
    const email = 'carnet-web@example.org';
    const token = await newSpace(email);
    // The same note is in the space already: the merge adds it once.
    await fetch(`${api()}/visitor/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-visitor-token': token },
      body: JSON.stringify({ video: video.id, at: 37, text: 'Déjà partout' }),
    });
    const { store } = renderWithProviders(<VideoNotes video={video} currentSecond={() => 70} seekTo={() => true} token={token} />, {
      preloadedState: {
        visitor: { tokens: [{ email, token }], userEmail: email },
        notes: {
          byVideo: {
            [video.id]: [
              { id: 1, time: 37, description: 'Déjà partout', showShareOptions: false },
              { id: 2, time: 50, description: 'Écrite hors ligne', showShareOptions: false },
            ],
          },
        },
      },
    });
    await waitFor(() => expect(store.getState().notes.byVideo).toEqual({}));
    await waitFor(() => expect(savedNotes().map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^00:37Déjà partout/),
      expect.stringMatching(/^00:50Écrite hors ligne/),
    ]));
    expect(await serverNotes(token)).toEqual([[50, 'Écrite hors ligne'], [37, 'Déjà partout']]);

    // A note at a moment typed by hand (the player may be missing: it would say 00:00).
    await userEvent.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Tapée à la main');
    await userEvent.type(screen.getByRole('textbox', { name: 'Moment (mm:ss)' }), '2:05');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    await waitFor(() => expect(savedNotes()).toHaveLength(3));
    expect(savedNotes()[2].textContent).toMatch(/^02:05Tapée à la main/);

    // Edited in place: the moment and the text.
    await userEvent.click(screen.getByRole('button', { name: 'Modifier la note de 00:50' }));
    const form = savedNotes()[1];
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Votre message' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Votre message' }), 'Revue et corrigée');
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Moment (mm:ss)' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Moment (mm:ss)' }), '0:55');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(savedNotes()[1].textContent).toMatch(/^00:55Revue et corrigée/));
    expect(await serverNotes(token)).toContainEqual([55, 'Revue et corrigée']);

    // An edit that would make a twin of another note is refused: the note stays, and the panel says so.
    await userEvent.click(screen.getByRole('button', { name: 'Modifier la note de 02:05' }));
    const twin = savedNotes()[2];
    await userEvent.clear(within(twin).getByRole('textbox', { name: 'Votre message' }));
    await userEvent.type(within(twin).getByRole('textbox', { name: 'Votre message' }), 'Revue et corrigée');
    await userEvent.clear(within(twin).getByRole('textbox', { name: 'Moment (mm:ss)' }));
    await userEvent.type(within(twin).getByRole('textbox', { name: 'Moment (mm:ss)' }), '55');
    await userEvent.click(within(twin).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La note n’a pas pu être enregistrée. Réessayez.')).toBeInTheDocument();
    expect(savedNotes()[2].textContent).toMatch(/^02:05Tapée à la main/);

    await userEvent.click(within(savedNotes()[0]).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(savedNotes()).toHaveLength(2));
    expect(await serverNotes(token)).toEqual([[125, 'Tapée à la main'], [55, 'Revue et corrigée']]);
  });

  it('refuses a moment that is not mm:ss, and keeps in the browser a note of a video the product does not know', async () => {
    const email = 'carnet-web-2@example.org';
    const token = await newSpace(email);
    const unknown = { id: 'zzzzzzzzzzz', title: 'Vidéo ouverte par son adresse' };
    const { store } = renderWithProviders(<VideoNotes video={unknown} currentSecond={() => 30} seekTo={() => true} token={token} />, {
      preloadedState: { visitor: { tokens: [{ email, token }], userEmail: email } },
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Gardée ici');
    await userEvent.type(screen.getByRole('textbox', { name: 'Moment (mm:ss)' }), '1:75');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    expect(screen.getByText('Écrivez le moment sous la forme mm:ss (par exemple 02:05).')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Moment (mm:ss)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    await screen.findByText('Cette vidéo n’est pas dans TGM News : la note reste dans ce navigateur.');
    expect(store.getState().notes.byVideo[unknown.id]).toEqual([{ id: 1, time: 20, description: 'Gardée ici', showShareOptions: false }]);
    expect(await serverNotes(token)).toEqual([]);
  });
});
