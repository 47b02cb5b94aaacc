import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Video } from '../../features/videos';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { installYouTubeIframeStandIn } from '../../testing/youtubeIframeStandIn';
import { PublicVideoBrowser } from './PublicVideoBrowser';

const video: Video = {
  id: '_6J55Ozorvh',
  youtube_titre: 'Créer son entreprise en 2026',
  youtube_name: 'Julien Entreprend',
  youtube_lien: 'https://www.youtube.com/channel/UCx',
  img_lien: null,
  created: '2026-11-20T00:00:00.000Z',
  youtube_nb_vue: 1,
  url: 'https://www.youtube.com/watch?v=_6J55Ozorvh',
  channelId: 'UCx',
  theme: 'economie',
};

afterEach(() => {
  delete window.YT;
  delete window.__youtubeStandIn;
});

describe('the public video panel, composed (YouTube IFrame API stand-in)', () => {
  it('notes the player’s time minus 10, seeks there on a click, and keeps the player out of the store', async () => {
    installYouTubeIframeStandIn();
    const { store } = renderWithProviders(<PublicVideoBrowser videos={[video]} isLoading={false} />);
    await userEvent.click(screen.getByRole('button', { name: /Créer son entreprise/ }));
    const panel = screen.getByRole('dialog', { name: video.youtube_titre });
    await within(panel).findByText('Position : 00:00');

    act(() => window.__youtubeStandIn?.setTime(95.4));
    await within(panel).findByText('Position : 01:35', {}, { timeout: 2500 });
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Votre message' }), 'Le point clé');
    await userEvent.click(within(panel).getByRole('button', { name: 'Enregistrer la note' }));
    expect(store.getState().notes.byVideo[video.id]).toEqual([{ id: 1, time: 85, description: 'Le point clé', showShareOptions: false }]);

    await userEvent.click(within(panel).getByRole('link', { name: 'Aller à 01:25' }));
    expect(window.__youtubeStandIn?.players[0].seeks).toEqual([85]);
    expect(within(panel).getByText('Position : 01:25')).toBeInTheDocument();

    const state = store.getState();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
