import { useEffect, useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { testVideo } from '../../../testing/videoFixture';
import { installYouTubeIframeStandIn, removeYouTubeIframeStandIn } from '../../../testing/youtubeIframeStandIn';
import { VideoPanel } from '../components/VideoPanel';
import type { PlaybackControl } from './playback';
import { IFRAME_API_URL } from './youtubeIframeApi';

const video = testVideo();

/** A side that shows what it reads from the player and seeks it, as the page's notes do. */
function Probe({ playback }: { playback: PlaybackControl }) {
  const [read, setRead] = useState('');
  return (
    <>
      <button onClick={() => setRead(`lu ${playback.currentSecond()}`)}>Lire</button>
      <button onClick={() => setRead(`déplacé ${playback.seekTo(12)}`)}>Aller à 12</button>
      <output>{read}</output>
    </>
  );
}

const renderPanel = () =>
  renderWithProviders(<VideoPanel video={video} onClose={() => undefined} renderSide={(_v, playback) => <Probe playback={playback} />} />);

afterEach(removeYouTubeIframeStandIn);

describe('VideoPanel’s player (YouTube IFrame API stand-in)', () => {
  it('plays the video in a 640x390 player and reads the playback time every second', async () => {
    installYouTubeIframeStandIn();
    renderPanel();
    const panel = screen.getByRole('dialog', { name: video.youtube_titre });
    await within(panel).findByText('Position : 00:00');
    expect(window.__youtubeStandIn?.players).toEqual([expect.objectContaining({ videoId: 'pTLdavAs3Db', time: 0, seeks: [] })]);
    const iframe = panel.querySelector('iframe') as HTMLIFrameElement;
    expect([iframe.width, iframe.height]).toEqual(['640', '390']);
    // The privacy-enhanced host: no YouTube cookie before the visitor plays.
    expect(iframe.src).toBe('https://www.youtube-nocookie.com/embed/pTLdavAs3Db?enablejsapi=1');

    act(() => window.__youtubeStandIn?.setTime(47.6));
    await within(panel).findByText('Position : 00:47', {}, { timeout: 2500 });
    await userEvent.click(screen.getByRole('button', { name: 'Lire' }));
    expect(screen.getByRole('status')).toHaveTextContent('lu 47');
  });

  it('seeks the player for the side', async () => {
    installYouTubeIframeStandIn();
    renderPanel();
    await screen.findByText('Position : 00:00');
    await userEvent.click(screen.getByRole('button', { name: 'Aller à 12' }));
    expect(screen.getByRole('status')).toHaveTextContent('déplacé true');
    expect(window.__youtubeStandIn?.players[0].seeks).toEqual([12]);
    expect(screen.getByText('Position : 00:12')).toBeInTheDocument();
  });

  it("gives the side the video's length and tells it when playback pauses or ends (issue 42)", async () => {
    installYouTubeIframeStandIn();
    const pauses: number[] = [];
    let length = -1;
    function Listener({ playback }: { playback: PlaybackControl }) {
      useEffect(() => playback.onPause(() => {
        pauses.push(playback.currentSecond());
        length = playback.duration();
      }), [playback]);
      return null;
    }
    renderWithProviders(<VideoPanel video={video} onClose={() => undefined} renderSide={(_v, playback) => <Listener playback={playback} />} />);
    await screen.findByText('Position : 00:00');
    act(() => {
      window.__youtubeStandIn?.setDuration(754);
      window.__youtubeStandIn?.setTime(30);
    });
    await screen.findByText('Position : 00:30', {}, { timeout: 2500 });
    act(() => window.__youtubeStandIn?.setState(1));
    expect(pauses).toEqual([]);
    act(() => window.__youtubeStandIn?.setState(2));
    act(() => window.__youtubeStandIn?.setState(0));
    expect(pauses).toEqual([30, 30]);
    expect(length).toBe(754);
  });

  it('starts at the moment the address names (&t=)', async () => {
    installYouTubeIframeStandIn();
    renderWithProviders(<VideoPanel video={video} startSecond={95} onClose={() => undefined} />);
    expect(await screen.findByText('Position : 01:35')).toBeInTheDocument();
    expect(window.__youtubeStandIn?.players[0].seeks).toEqual([95]);
  });

  it('says so when the script cannot load, shows the image and the link, and the side still answers', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    const script = document.head.querySelector(`script[src="${IFRAME_API_URL}"]`) as HTMLScriptElement;
    expect(script).not.toBeNull();
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    const panel = screen.getByRole('dialog', { name: video.youtube_titre });
    expect(await within(panel).findByText(/Le lecteur vidéo ne peut pas être chargé/)).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('YouTube player unavailable', expect.any(Error));
    logged.mockRestore();
    expect(within(panel).getByText('Image non disponible')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Voir sur YouTube' })).toHaveAttribute('href', video.url);
    await userEvent.click(screen.getByRole('button', { name: 'Aller à 12' }));
    expect(screen.getByRole('status')).toHaveTextContent('déplacé false');
    await userEvent.click(screen.getByRole('button', { name: 'Lire' }));
    expect(screen.getByRole('status')).toHaveTextContent('lu 0');
    await waitFor(() => expect(document.head.querySelector(`script[src="${IFRAME_API_URL}"]`)).toBeNull());
  });
});
