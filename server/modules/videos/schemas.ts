import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';

export const DEFAULT_VIDEOS_PER_PAGE = 100;
export const MAX_VIDEOS_PER_PAGE = 5000;

const Theme = Type.String({ minLength: 1, maxLength: 100 });

export const ThemeParams = Type.Object({ theme: Theme });

/** The spec's body repeats the path's theme. */
export const ThemeBody = Type.Object({ theme: Theme });

export const VideoPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  itemsPerPage: Type.Integer({ minimum: 1, maximum: MAX_VIDEOS_PER_PAGE, default: DEFAULT_VIDEOS_PER_PAGE }),
});

const NullableText = Type.Union([Type.String(), Type.Null()]);

/** A video as the public routes answer it (types.ts, VideoJson). */
export const VideoAnswer = Answer({
  id: Type.String({ description: "L'identifiant YouTube de la vidéo." }),
  youtube_titre: Type.String(),
  youtube_name: Type.String({ description: 'Le nom de la chaîne.' }),
  youtube_lien: Type.String(),
  img_lien: NullableText,
  created: Type.String({ format: 'date-time' }),
  youtube_nb_vue: Type.Integer(),
  url: Type.String(),
  channelId: Type.String(),
  theme: Type.String(),
});

/** A channel as the public routes answer it (types.ts, ChaineJson). */
export const ChaineAnswer = Answer({
  id: Type.String({ description: "L'identifiant YouTube de la chaîne." }),
  name: Type.String(),
  handle: NullableText,
  theme: Type.String(),
  avatar: NullableText,
  url: Type.String(),
});

const VideoPageProperties = {
  videos: Type.Array(VideoAnswer),
  totalItems: Type.Integer(),
  page: Type.Integer(),
  itemsPerPage: Type.Integer(),
};

const ListSummary = Answer({ name: Type.String(), hashtags: Type.Array(Type.String()) });

export const VideoByUserAnswer = Answer({
  res: Type.Array(
    Answer({ ...VideoPageProperties, chaines: Type.Array(ChaineAnswer), liste: Type.Union([ListSummary, Type.Null()]) }),
  ),
});

export const ChaineVideosAnswer = Answer({
  res: Type.Array(
    Answer({
      ...VideoPageProperties,
      chaine: Type.Array(ChaineAnswer),
      known: Type.Boolean({ description: "Faux quand le thème n'existe pas (à distinguer d'un thème sans vidéo)." }),
    }),
  ),
});

export const CreatorsAnswer = Answer({
  '@context': Type.String(),
  '@id': Type.String(),
  '@type': Type.Literal('hydra:Collection'),
  'hydra:member': Type.Array(
    Answer({ '@id': Type.String(), '@type': Type.Literal('Creator'), name: Type.String(), hashtags: Type.Array(Type.String()) }),
  ),
  'hydra:totalItems': Type.Integer(),
});
