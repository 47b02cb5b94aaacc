import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import type { Video } from '../types';
import { VideoBrowser } from './VideoBrowser';
import { GRID_SLICE } from './VideoGrid';

const video = (id: string, creator: string, title = `Vidéo ${id}`): Video => ({
  id,
  youtube_titre: title,
  youtube_name: creator,
  youtube_lien: 'https://www.youtube.com/channel/UCx',
  img_lien: null,
  created: '2026-11-01T00:00:00.000Z',
  youtube_nb_vue: 1,
  url: `https://www.youtube.com/watch?v=${id}`,
  channelId: 'UCx',
  theme: 'actu',
});

const videos = [
  video('v1', 'Le Fil Actu'),
  video('v2', 'Énergie Verte TV'),
  video('v3', 'Le Fil Actu'),
  video('v4', 'Startup Hebdo'),
];

const cardTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const filter = () => screen.getByPlaceholderText('Filtrer par nom de youtubeur');

describe('VideoBrowser', () => {
  it('filters by creator name as one types, ignoring case and accents, and comes back when cleared', async () => {
    renderWithProviders(<VideoBrowser videos={videos} />);
    expect(cardTitles()).toEqual(['Vidéo v1', 'Vidéo v2', 'Vidéo v3', 'Vidéo v4']);
    await userEvent.type(filter(), 'fil');
    expect(cardTitles()).toEqual(['Vidéo v1', 'Vidéo v3']);
    await userEvent.clear(filter());
    await userEvent.type(filter(), 'ENERGIE');
    expect(cardTitles()).toEqual(['Vidéo v2']);
    await userEvent.type(filter(), 'x');
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('Aucune vidéo')).toBeInTheDocument();
    await userEvent.clear(filter());
    expect(cardTitles()).toHaveLength(4);
  });

  it('filters by creator name, not by title', async () => {
    renderWithProviders(<VideoBrowser videos={[video('v1', 'Le Fil Actu', 'Startup du jour'), video('v2', 'Startup Hebdo')]} />);
    await userEvent.type(filter(), 'startup');
    expect(cardTitles()).toEqual(['Vidéo v2']);
  });

  it('renders a large grid a slice at a time', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => video(`id${i}`, i % 2 ? 'Pair' : 'Impair'));
    renderWithProviders(<VideoBrowser videos={many} />);
    expect(screen.getByRole('list', { name: '5000 vidéos' })).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(GRID_SLICE);
    await userEvent.click(screen.getByRole('button', { name: 'Afficher plus de vidéos' }));
    expect(cardTitles()).toHaveLength(2 * GRID_SLICE);
    await userEvent.type(filter(), 'impair');
    expect(screen.getByRole('list', { name: '2500 vidéos' })).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(GRID_SLICE);
  });

  it('opens the detail panel of a card, with the side the page composes, and closes it', async () => {
    renderWithProviders(<VideoBrowser videos={videos} renderPanelSide={(v) => <p>Côté de {v.id}</p>} />);
    await userEvent.click(screen.getAllByRole('button', { name: /Vidéo v3/ })[0]);
    const panel = await screen.findByRole('dialog', { name: 'Vidéo v3' });
    expect(within(panel).getByText('Côté de v3')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Voir sur YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=v3',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('VideoBrowser: a video has an address', () => {
  it('opens the video the address names (?v=), as after a reload, and closes it by dropping the parameter', async () => {
    renderWithProviders(<VideoBrowser videos={videos} renderPanelSide={(v) => <p>Côté de {v.id}</p>} />, { route: '/liste/x?v=v2' });
    const panel = await screen.findByRole('dialog', { name: 'Vidéo v2' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a video the list does not hold (an older one, shared) with YouTube as its link', async () => {
    renderWithProviders(<VideoBrowser videos={videos} />, { route: '/?v=dQw4w9WgXcQ&t=42' });
    const panel = await screen.findByRole('dialog', { name: 'Vidéo YouTube' });
    expect(within(panel).getByRole('link', { name: 'Voir sur YouTube' })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('ignores an address that names no video', () => {
    renderWithProviders(<VideoBrowser videos={videos} />, { route: '/?v=<script>' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
