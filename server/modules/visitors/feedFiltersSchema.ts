import { Type } from '@sinclair/typebox';

/** Bounds of the hidden words (their own file: feedFilters.ts reads the schemas' header name). */
export const HIDDEN_WORDS_MAX = 200;
export const HIDDEN_WORD_MAX = 50;

/** The feed filters as `GET /api/visitor/me` answers them and `PATCH` takes them (issue 42). */
export const FeedFiltersFields = {
  hideShorts: Type.Boolean({ description: 'Masquer les Shorts (vidéos dont le lien du flux est une adresse /shorts/).' }),
  hideLive: Type.Boolean({ description: 'Masquer les directs et les directs à venir (vues à 0 dans le flux).' }),
  hiddenWords: Type.Array(Type.String({ maxLength: HIDDEN_WORD_MAX }), {
    maxItems: HIDDEN_WORDS_MAX,
    description: 'Masquer les vidéos dont le titre contient un de ces mots (accents et casse ignorés).',
  }),
};
