import type { Video } from '../types';
import { creatorIndex, filterVideos } from './filterVideos';

const video = (id: string, youtube_name: string): Video => ({
  id,
  youtube_titre: `Vidéo ${id}`,
  youtube_name,
  youtube_lien: '',
  img_lien: null,
  created: '2026-11-20T08:00:00.000Z',
  youtube_nb_vue: 0,
  url: `https://www.youtube.com/watch?v=${id}`,
  channelId: youtube_name,
  theme: 'actu',
});

const videos = [
  video('a', 'Énergie Demain'),
  video('b', 'Le Fil Actu'),
  video('c', 'Énergie Demain'),
  video('d', 'Startup Hebdo'),
  video('e', 'le fil actu'),
];
const index = creatorIndex(videos);
const ids = (list: Video[]) => list.map((v) => v.id).join('');

describe('filterVideos', () => {
  it('folds each distinct creator name once', () => {
    expect(index.names).toEqual(['energie demain', 'le fil actu', 'startup hebdo', 'le fil actu']);
    expect([...index.creatorOf]).toEqual([0, 1, 0, 2, 3]);
  });

  it('keeps, in their order, the videos whose creator name holds the query, ignoring case, accents and spaces around', () => {
    expect(ids(filterVideos(videos, index, 'ÉNERGIE'))).toBe('ac');
    expect(ids(filterVideos(videos, index, '  fil '))).toBe('be');
    expect(ids(filterVideos(videos, index, 'hebdo'))).toBe('d');
    expect(filterVideos(videos, index, 'absent')).toEqual([]);
  });

  it('gives back the list itself when the query is empty or every creator name holds it', () => {
    expect(filterVideos(videos, index, '')).toBe(videos);
    expect(filterVideos(videos, index, '   ')).toBe(videos);
    expect(filterVideos(videos, index, 'e')).toBe(videos);
  });
});
