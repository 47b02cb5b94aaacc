import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import type { Video } from '../types';
import { VideoCard } from './VideoCard';

export const aVideo = (overrides: Partial<Video> = {}): Video => ({
  id: 'abcdefghijk',
  youtube_titre: 'Une vidéo',
  youtube_name: 'Le Fil Actu',
  youtube_lien: 'https://www.youtube.com/channel/UC5C7mLf_e_-GamCm06recAq',
  img_lien: 'https://i.ytimg.com/vi/abcdefghijk/mqdefault.jpg',
  created: '2026-11-20T08:00:00.000Z',
  youtube_nb_vue: 12687,
  url: 'https://www.youtube.com/watch?v=abcdefghijk',
  channelId: 'UC5C7mLf_e_-GamCm06recAq',
  theme: 'actu',
  ...overrides,
});

describe('VideoCard', () => {
  it('cuts a long title at 80 characters followed by "..." and keeps the whole title as a tooltip', () => {
    const title = `${'a'.repeat(75)}bcdefGHIJ la suite`;
    renderWithProviders(<VideoCard video={aVideo({ youtube_titre: title })} onOpen={jest.fn()} />);
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading).toHaveTextContent(`${'a'.repeat(75)}bcdef...`);
    expect(heading.textContent).toHaveLength(83);
    expect(heading).toHaveAttribute('title', title);
  });

  it('keeps a title of 80 characters or less as it is', () => {
    const title = 'b'.repeat(80);
    renderWithProviders(<VideoCard video={aVideo({ youtube_titre: title })} onOpen={jest.fn()} />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(title);
  });

  it('shows the first 10 characters of the date and the creator, and the views only where asked', () => {
    const { unmount } = renderWithProviders(<VideoCard video={aVideo()} onOpen={jest.fn()} />);
    expect(screen.getByText('2026-11-20')).toBeInTheDocument();
    expect(screen.getByText('Le Fil Actu')).toBeInTheDocument();
    expect(screen.queryByText(/vues/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<VideoCard video={aVideo()} onOpen={jest.fn()} showViews />);
    expect(screen.getByText(/de 12\s687 vues/)).toBeInTheDocument();
  });

  it("shows 'Image non disponible' when there is no image", () => {
    renderWithProviders(<VideoCard video={aVideo({ img_lien: null })} onOpen={jest.fn()} />);
    expect(screen.getByText('Image non disponible')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows the 320x180 image, and 'Image non disponible' once it fails to load", () => {
    renderWithProviders(<VideoCard video={aVideo()} onOpen={jest.fn()} />);
    const image = screen.getByRole('img', { name: 'Une vidéo' });
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '180');
    expect(screen.queryByText('Image non disponible')).not.toBeInTheDocument();
    fireEvent.error(image);
    expect(screen.getByText('Image non disponible')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('opens the video on a click', async () => {
    const onOpen = jest.fn();
    renderWithProviders(<VideoCard video={aVideo()} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: /Une vidéo/ }));
    expect(onOpen).toHaveBeenCalledWith(aVideo());
  });
});
