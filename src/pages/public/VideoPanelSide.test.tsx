import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlaybackControl } from '../../features/videos';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { testVideo } from '../../testing/videoFixture';
import { VideoPanelSide } from './VideoPanelSide';

/** A video per test: the real server keeps ratings for the whole run. */
const video = (id: string) => testVideo({ id, youtube_titre: `Vidéo ${id}` });

const noPlayer: PlaybackControl = { currentSecond: () => 0, seekTo: () => false, duration: () => 0, onPause: () => () => undefined };

const storedRatings = async (videoUrl: string) => {
  const response = await fetch(`${process.env.API_BASE_URL}/video/rating?videourl=${encodeURIComponent(videoUrl)}`);
  return (await response.json()).ratings as { label: string; average: number | null; count: number }[];
};

const star = (criterion: string, stars: string) =>
  within(screen.getByRole('group', { name: criterion })).getByRole('radio', { name: stars });

/** A click on a star. Not through user-event: its pointer moves make MUI's Rating read the hovered star from layout, which jsdom has not. */
const rate = (criterion: string, stars: string) => fireEvent.click(star(criterion, stars));

describe('the video panel’s side: ratings and the email popin (against the real API server)', () => {
  let alert: jest.SpyInstance;
  beforeEach(() => {
    alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => alert.mockRestore());

  it('asks for the e-mail before a first rating, refuses an invalid one, then sends the rating once it is saved', async () => {
    const target = video('ratingA0001');
    const { store } = renderWithProviders(<VideoPanelSide video={target} playback={noPlayer} />);
    expect(await within(screen.getByRole('group', { name: 'Information' })).findByText('Aucun avis')).toBeInTheDocument();

    rate('Information', '4 étoiles');
    const popin = await screen.findByRole('dialog', { name: 'Email' });
    expect(within(popin).getByLabelText(/Email/)).toBeRequired();
    expect(store.getState().api.mutations).toEqual({});

    await userEvent.click(within(popin).getByRole('button', { name: 'Enregistrer' }));
    expect(alert).toHaveBeenLastCalledWith('Veuillez entrer une adresse email valide.');
    await userEvent.type(within(popin).getByLabelText(/Email/), 'pas-une-adresse@example');
    await userEvent.click(within(popin).getByRole('button', { name: 'Enregistrer' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(store.getState().visitor.userEmail).toBeNull();
    expect(store.getState().api.mutations).toEqual({});

    await userEvent.clear(within(popin).getByLabelText(/Email/));
    await userEvent.type(within(popin).getByLabelText(/Email/), 'noteur@example.org');
    await userEvent.click(within(popin).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email' })).not.toBeInTheDocument());
    expect(store.getState().visitor.userEmail).toBe('noteur@example.org');
    expect(
      await within(screen.getByRole('group', { name: 'Information' })).findByText('Moyenne 4 / 5 · 1 avis'),
    ).toBeInTheDocument();
    expect(star('Information', '4 étoiles')).toBeChecked();
    expect(await storedRatings(target.url)).toContainEqual({ label: 'Information', average: 4, count: 1 });
  });

  it('sends at once when the e-mail is known, and a new click replaces the rating', async () => {
    const target = video('ratingB0001');
    renderWithProviders(<VideoPanelSide video={target} playback={noPlayer} />, {
      preloadedState: { visitor: { tokens: [], userEmail: 'connu@example.org' } },
    });
    rate('Motivation', '5 étoiles');
    expect(screen.queryByRole('dialog', { name: 'Email' })).not.toBeInTheDocument();
    expect(await within(screen.getByRole('group', { name: 'Motivation' })).findByText('Moyenne 5 / 5 · 1 avis')).toBeInTheDocument();
    rate('Motivation', '2 étoiles');
    expect(await within(screen.getByRole('group', { name: 'Motivation' })).findByText('Moyenne 2 / 5 · 1 avis')).toBeInTheDocument();
    expect(await storedRatings(target.url)).toEqual([
      { label: 'Objectivité', average: null, count: 0 },
      { label: 'Information', average: null, count: 0 },
      { label: 'Motivation', average: 2, count: 1 },
    ]);
  });

  it('opens the popin with the focus in its field; an address that has a space gets a sign-in link, and the popin says so', async () => {
    await fetch(`${process.env.API_BASE_URL}/rtEvent/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'api/rtEvent/new', email: 'deja-inscrit@example.org', name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
    });
    const target = video('ratingL0001');
    const { store } = renderWithProviders(<VideoPanelSide video={target} playback={noPlayer} />);
    await within(screen.getByRole('group', { name: 'Information' })).findByText('Aucun avis');
    rate('Information', '3 étoiles');
    const popin = await screen.findByRole('dialog', { name: 'Email' });
    await waitFor(() => expect(within(popin).getByLabelText(/Email/)).toHaveFocus());
    await userEvent.type(within(popin).getByLabelText(/Email/), 'deja-inscrit@example.org');
    await userEvent.click(within(popin).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(popin).findByRole('status')).toHaveTextContent('un lien de connexion a été envoyé à deja-inscrit@example.org');
    expect(store.getState().visitor.tokens).toEqual([]);
    expect((await storedRatings(target.url)).find((r) => r.label === 'Information')?.count).toBe(0);
  });

  it('sends nothing and unsets the stars when the email popin is closed without an e-mail', async () => {
    const target = video('ratingC0001');
    const { store } = renderWithProviders(<VideoPanelSide video={target} playback={noPlayer} />);
    rate('Objectivité', '3 étoiles');
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Email' })).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(star('Objectivité', '3 étoiles')).not.toBeChecked());
    expect(store.getState().api.mutations).toEqual({});
    expect((await storedRatings(target.url))[0]).toEqual({ label: 'Objectivité', average: null, count: 0 });
  });

  it('only logs a rating the server refuses; the panel stays usable', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderWithProviders(<VideoPanelSide video={{ ...video('ratingD0001'), url: 'https://example.org/pas-youtube' }} playback={noPlayer} />, {
        preloadedState: { visitor: { tokens: [], userEmail: 'connu@example.org' } },
      });
      rate('Objectivité', '3 étoiles');
      await waitFor(() => expect(logged).toHaveBeenCalledWith('Rating failure', expect.objectContaining({ status: 400 })));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await userEvent.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Toujours utilisable');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
      expect(screen.getByText('Toujours utilisable')).toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });

  it('chooses with the arrow keys and sends one rating on Enter', async () => {
    const target = video('ratingE0001');
    const { store } = renderWithProviders(<VideoPanelSide video={target} playback={noPlayer} />, {
      preloadedState: { visitor: { tokens: [], userEmail: 'clavier@example.org' } },
    });
    await within(screen.getByRole('group', { name: 'Objectivité' })).findByText('Aucun avis');
    star('Objectivité', '1 étoile').focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(star('Objectivité', '3 étoiles')).toBeChecked();
    expect(store.getState().api.mutations).toEqual({});
    await userEvent.keyboard('{Enter}');
    expect(await within(screen.getByRole('group', { name: 'Objectivité' })).findByText('Moyenne 3 / 5 · 1 avis')).toBeInTheDocument();
    expect(Object.keys(store.getState().api.mutations)).toHaveLength(1);
    expect((await storedRatings(target.url))[0]).toEqual({ label: 'Objectivité', average: 3, count: 1 });
  });

  it("shows the visitor's own stars again on reopening, read with their token, never another visitor's", async () => {
    const target = video('ratingF0001');
    const api = process.env.API_BASE_URL;
    const signup = await fetch(`${api}/rtEvent/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'api/rtEvent/new', email: 'revient@example.org', name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
    });
    const { tokenAc } = (await signup.json()) as { tokenAc: string };
    // A rating for an address that has a visitor space carries that visitor's token.
    const post = (email: string, rating: number) =>
      fetch(`${api}/video/rating`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(email === 'revient@example.org' ? { 'x-visitor-token': tokenAc } : {}) },
        body: JSON.stringify({ label: 'Information', videourl: target.url, rating, email, recipientid: 1 }),
      });
    await post('revient@example.org', 2);
    await post('autre@example.org', 5);
    renderWithProviders(<VideoPanelSide video={target} playback={noPlayer} />, {
      preloadedState: { visitor: { tokens: [{ email: 'revient@example.org', token: tokenAc }], userEmail: 'revient@example.org' } },
    });
    await waitFor(() => expect(star('Information', '2 étoiles')).toBeChecked());
    expect(star('Information', '5 étoiles')).not.toBeChecked();
    expect(star('Objectivité', '1 étoile')).not.toBeChecked();
  });
});
