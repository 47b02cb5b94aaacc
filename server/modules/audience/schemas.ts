import { Type, type TSchema } from '@sinclair/typebox';
import { CsvSeparatorSchema } from '../../shared/csv';
import { DownloadToken } from '../../shared/downloadLinks';
import { MAX_ITEMS_PER_PAGE } from '../../shared/hydra';
import { Answer, MediaAnswer } from '../../shared/schemas';
import { RATING_LABELS } from '../ratings';

/** A YouTube channel id, as feeds and follows write it. */
export const CHANNEL_ID_PATTERN = '^UC[\\w-]{22}$';

/** The figures `order[...]` sorts on: the creator's, then each criterion's average (`ratings.<criterion>`). */
export const ORDERABLE = [
  'name',
  'theme',
  'followers',
  'newFollowers7',
  'newFollowers30',
  'digestSubscribers',
  ...RATING_LABELS.map((label) => `ratings.${label}`),
] as const;

const orderProperties = Object.fromEntries(
  ORDERABLE.map((name) => [
    `order[${name}]`,
    Type.Optional(
      Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
        description: 'Clé de tri ; plusieurs clés order[...] trient par la première donnée, puis la suivante.',
      }),
    ),
  ]),
) as Record<string, TSchema>;

/** What narrows the creators: a category (their theme) and part of their name. */
const filterProperties = {
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Le thème du créateur (le nom d’une catégorie).' })),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Une partie du nom du créateur, sans accents ni casse.' })),
};

export const AudienceQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ITEMS_PER_PAGE })),
  ...filterProperties,
  ...orderProperties,
});

export const AudienceCsvQuery = Type.Object({
  ...filterProperties,
  ...orderProperties,
  separator: Type.Optional(CsvSeparatorSchema),
  /** A download link's token (POST /api/audience.csv/download), instead of a bearer. */
  download: Type.Optional(DownloadToken),
});

export const AudienceCsvLinkBody = Type.Object(
  { ...filterProperties, ...orderProperties, separator: Type.Optional(CsvSeparatorSchema) },
  { additionalProperties: false },
);

export const ChannelParams = Type.Object({ channelId: Type.String({ pattern: CHANNEL_ID_PATTERN, maxLength: 24, description: 'L’identifiant YouTube de la chaîne (UC…).' }) });

const Criterion = Answer({
  average: Type.Union([Type.Number(), Type.Null()], { description: 'Moyenne sur 5, à deux décimales ; null sans note.' }),
  count: Type.Integer(),
});

const Figures = {
  '@id': Type.String(),
  '@type': Type.Literal('Audience'),
  channelId: Type.String(),
  name: Type.String(),
  theme: Type.String(),
  followers: Type.Integer({ description: 'Visiteurs qui suivent le créateur.' }),
  newFollowers7: Type.Integer({ description: 'Dont ceux qui le suivent depuis 7 jours au plus.' }),
  newFollowers30: Type.Integer({ description: 'Dont ceux qui le suivent depuis 30 jours au plus.' }),
  digestSubscribers: Type.Integer({ description: 'Dont ceux qui reçoivent un résumé (adresse confirmée, quotidien ou hebdomadaire).' }),
  ratings: Answer(Object.fromEntries(RATING_LABELS.map((label) => [label, Criterion]))),
  bestVideos: Type.Array(
    Answer({ id: Type.String(), title: Type.String(), average: Type.Number(), count: Type.Integer() }),
    { description: 'Ses vidéos publiées depuis 7 jours les mieux notées (tous critères), trois au plus.' },
  ),
};

export const AudienceItem = Answer(Figures);

export const AudienceCollection = Answer({
  '@context': Type.String(),
  '@id': Type.String(),
  '@type': Type.Literal('hydra:Collection'),
  'hydra:member': Type.Array(AudienceItem),
  'hydra:totalItems': Type.Integer(),
  'hydra:view': Type.Optional(Type.Record(Type.String(), Type.String())),
  categories: Type.Array(Type.String(), { description: 'Les catégories que l’appelant peut filtrer (les siennes ; toutes pour un administrateur).' }),
});

export const AudienceWeek = Answer({
  week: Type.String({ description: 'Le lundi de la semaine (AAAA-MM-JJ, fuseau TIMEZONE).' }),
  followers: Type.Integer({ description: 'Abonnés à la fin de la semaine (parmi ceux d’aujourd’hui).' }),
  newFollowers: Type.Integer(),
  ratingsCount: Type.Integer({ description: 'Notes données dans la semaine, tous critères.' }),
  average: Type.Union([Type.Number(), Type.Null()]),
});

export const AudienceDetail = Answer({ ...Figures, weeks: Type.Array(AudienceWeek) });

export const AudienceCsvAnswer = MediaAnswer('Les chiffres des créateurs, en CSV (UTF-8 avec BOM, séparateur « ; » ou « , »).', 'text/csv');
