import { Type } from '@sinclair/typebox';
import { ChaineAnswer, VideoAnswer } from '../videos';
import { Answer, SimpleEmail as Email } from '../../shared/schemas';
import { GROUP_NAME_MAX, VISIBLE_CHARACTER } from './groupName';
import { FeedFiltersFields } from './feedFiltersSchema';

const ShortText = Type.String({ maxLength: 200 });

/** The opt-in event of spec §7.6. */
export const RtEventBody = Type.Object({
  path: Type.Literal('api/rtEvent/new'),
  email: Email,
  name: Type.Literal('optin_grp'),
  grp_name: Type.String({ minLength: 1, maxLength: 100 }),
  optin: Type.Boolean(),
  data: Type.Object({
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    email: Type.Optional(Email),
    type: Type.Optional(ShortText),
    social_media: Type.Optional(ShortText),
    grp_name: Type.Optional(ShortText),
    optin: Type.Optional(Type.Boolean()),
  }, {
    // Clients may add keys of their own; flat and bounded, so that a sign-up stays a small row.
    maxProperties: 30,
    additionalProperties: Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]),
  }),
  origin: Type.Optional(ShortText),
  twitter: Type.Optional(ShortText),
});

/** A list name is its address (/liste/{name}): letters, digits, dot, dash, underscore. */
export const ListeBody = Type.Object({
  name: Type.String({ minLength: 3, maxLength: 40, pattern: '^[\\p{L}\\p{N}_.-]+$' }),
});

/** A channel URL, an @handle, or a channel id (what a video card sends). */
export const ChaineBody = Type.Object({
  chaine: Type.String({ minLength: 1, maxLength: 300 }),
});

/** Where a visitor's calls carry the token their sign-up answered. */
export const VISITOR_TOKEN_HEADER = 'x-visitor-token';

/** The export's file format: OPML (YouTube, FreeTube, Invidious, NewPipe read it), NewPipe's JSON or FreeTube's profiles. */
export const ExportQuery = Type.Object({
  format: Type.Union([Type.Literal('opml'), Type.Literal('newpipe'), Type.Literal('freetube')], { default: 'opml' }),
});

// Answers.

export const SignupAnswer = Answer({ tokenAc: Type.String({ description: 'Le jeton du visiteur (en-tête x-visitor-token).' }) });

/** A second sign-up of an address: no token, a sign-in link sent by e-mail. */
export const SignInLinkAnswer = Answer({
  tokenAc: Type.Null({ description: "Aucun jeton : l'adresse a déjà un espace." }),
  signInLinkSent: Type.Literal(true, { description: 'Un lien de connexion a été envoyé à cette adresse.' }),
});

const FollowedChaine = Answer({
  ...ChaineAnswer.properties,
  unseen: Type.Integer({ description: 'Vidéos parues depuis que le visiteur a ouvert cette chaîne (ou tout marqué vu).' }),
});

const ListeAnswer = Answer({ name: Type.String(), hashtags: Type.Array(Type.String()), chaines: Type.Array(FollowedChaine) });

const Digest = Type.Union([Type.Literal('aucun'), Type.Literal('quotidien'), Type.Literal('hebdomadaire')]);

const GroupeAnswer = Answer({ name: Type.String(), chaines: Type.Array(Type.String({ description: 'Identifiants YouTube des chaînes.' })) });

const ImportedChannel = Answer({ id: Type.String(), name: Type.String() });
const NullableName = Type.Union([Type.String(), Type.Null()]);

export const SubscriptionsImportAnswer = Answer({
  format: Type.String(),
  followed: Type.Array(ImportedChannel),
  alreadyFollowed: Type.Array(ImportedChannel),
  unknown: Type.Array(Answer({ name: NullableName, source: Type.String() })),
  failed: Type.Array(Answer({ id: Type.String(), name: NullableName, message: Type.String() })),
  pending: Type.Array(ImportedChannel),
  groupes: Type.Array(Type.String()),
  plusTard: Type.Integer(),
  masquees: Type.Integer(),
  notes: Type.Optional(Type.Integer({ description: 'Les notes ajoutées (celles des vidéos connues, chacune une fois).' })),
});

/** What the latest import became once its feeds were read (issue 42), and when it was made. */
const LastImportAnswer = Answer({ ...SubscriptionsImportAnswer.properties, at: Type.String({ format: 'date-time' }) });

export const VisitorMeAnswer = Answer({
  email: Type.String(),
  liste: Type.Union([ListeAnswer, Type.Null()]),
  emailConfirmed: Type.Boolean(),
  digest: Digest,
  digestHour: Type.Integer({ minimum: 0, maximum: 23, description: 'Heure d’envoi du résumé, dans le fuseau TIMEZONE.' }),
  feedUrl: Type.String({ description: 'Adresse du flux Atom privé du visiteur.' }),
  groupes: Type.Array(GroupeAnswer),
  plusTard: Type.Array(Type.String()),
  masquees: Type.Array(Type.String()),
  ...FeedFiltersFields,
  lastImport: Type.Union([LastImportAnswer, Type.Null()]),
});

export const VisitorPatchBody = Type.Object(
  {
    digest: Type.Optional(Digest),
    digestHour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
    ...Type.Partial(Type.Object(FeedFiltersFields)).properties,
  },
  { additionalProperties: false },
);

const VideoId = Type.String({ maxLength: 11, pattern: '^[\\w-]{11}$', description: "L'identifiant YouTube d'une vidéo." });

/** One creator (`chaine`), one watched video (`video`), or, with neither, every creator. */
export const SeenBody = Type.Object(
  { chaine: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })), video: Type.Optional(VideoId) },
  { additionalProperties: false },
);

export const GroupeParams = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: GROUP_NAME_MAX,
    pattern: VISIBLE_CHARACTER,
    description: `Un nom de ${GROUP_NAME_MAX} caractères au plus, dont au moins un visible (pas seulement des espaces, caractères de contrôle ou invisibles).`,
  }),
});

export const GroupeBody = Type.Object({
  chaines: Type.Array(Type.String({ pattern: '^UC[\\w-]{22}$' }), { maxItems: 1000 }),
});

export const GroupesAnswer = Answer({ groupes: Type.Array(GroupeAnswer) });

export const VideoParams = Type.Object({ videoId: VideoId });

export const VideoStateBody = Type.Object(
  { etat: Type.Union([Type.Literal('plus tard'), Type.Literal('masquée'), Type.Null()]) },
  { additionalProperties: false },
);

export const VideoStateAnswer = Answer({ plusTard: Type.Array(Type.String()), masquees: Type.Array(Type.String()) });

export const FeedAnswer = Answer({ feedUrl: Type.String() });

export const FeedParams = Type.Object({ key: Type.String({ maxLength: 100 }) });

export const VisitorVideosQuery = Type.Object({
  vue: Type.Union([Type.Literal('nouveautes'), Type.Literal('plusTard'), Type.Literal('masquees')]),
});

export const VisitorVideosAnswer = Answer({ videos: Type.Array(VideoAnswer) });

export const SeenAnswer = Answer({ ok: Type.Boolean() });

export const VisitorListeAnswer = Answer({ liste: ListeAnswer });

export const SubscriptionsExportAnswer = {
  description: 'Le fichier des abonnements : OPML, le JSON de NewPipe (format=newpipe) ou les profils de FreeTube (format=freetube).',
  content: {
    'text/x-opml': { schema: { type: 'string' } },
    'application/x-ndjson': { schema: { type: 'string' } },
    'application/json': { schema: Type.Object({}, { additionalProperties: true, description: "Le fichier d'abonnements de NewPipe." }) },
  },
};
