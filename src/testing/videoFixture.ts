import type { Video } from '../features/videos';

/** A video as the API answers it, for tests of the panel; a demo video by default. */
export const testVideo = (overrides: Partial<Video> = {}): Video => {
  const id = overrides.id ?? 'pTLdavAs3Db';
  return {
    id,
    youtube_titre: 'Créer son entreprise en 2026 : les 7 étapes',
    youtube_name: 'Julien Entreprend',
    youtube_lien: 'https://www.youtube.com/channel/UCx',
    img_lien: null,
    created: '2026-11-20T00:00:00.000Z',
    youtube_nb_vue: 1,
    url: `https://www.youtube.com/watch?v=${id}`,
    channelId: 'UCx',
    theme: 'economie',
    ...overrides,
  };
};
