import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { testVideo } from '../../testing/videoFixture';
import { installYouTubeIframeStandIn, removeYouTubeIframeStandIn } from '../../testing/youtubeIframeStandIn';
import { PublicVideoBrowser } from './PublicVideoBrowser';

const video = testVideo();

afterEach(removeYouTubeIframeStandIn);

describe('the public video panel, composed (YouTube IFrame API stand-in)', () => {
  it('notes the player’s time minus 10, seeks there on a click, and keeps the player out of the store', async () => {
    installYouTubeIframeStandIn();
    const { store } = renderWithProviders(<PublicVideoBrowser videos={[video]} isLoading={false} />);
    await userEvent.click(screen.getByRole('button', { name: /Créer son entreprise/ }));
    const panel = await screen.findByRole('dialog', { name: video.youtube_titre });
    await within(panel).findByText('Position : 00:00');

    act(() => window.__youtubeStandIn?.setTime(95.4));
    await within(panel).findByText('Position : 01:35', {}, { timeout: 2500 });
    await userEvent.type(await within(panel).findByRole('textbox', { name: 'Votre message' }), 'Le point clé');
    await userEvent.click(within(panel).getByRole('button', { name: 'Enregistrer la note' }));
    expect(store.getState().notes.byVideo[video.id]).toEqual([{ id: 1, time: 85, description: 'Le point clé', showShareOptions: false }]);

    await userEvent.click(within(panel).getByRole('link', { name: 'Aller à 01:25' }));
    expect(window.__youtubeStandIn?.players[0].seeks).toEqual([85]);
    expect(within(panel).getByText('Position : 01:25')).toBeInTheDocument();

    const state = store.getState();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
