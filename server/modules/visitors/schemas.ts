import { Type } from '@sinclair/typebox';
import { ChaineAnswer } from '../videos/schemas';
import { Answer, SimpleEmail as Email } from '../../shared/schemas';

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

/** The export's file format: OPML (YouTube, FreeTube, Invidious, NewPipe read it) or NewPipe's JSON. */
export const ExportQuery = Type.Object({
  format: Type.Union([Type.Literal('opml'), Type.Literal('newpipe')], { default: 'opml' }),
});

// Answers.

export const SignupAnswer = Answer({ tokenAc: Type.String({ description: 'Le jeton du visiteur (en-tête x-visitor-token).' }) });

const ListeAnswer = Answer({ name: Type.String(), hashtags: Type.Array(Type.String()), chaines: Type.Array(ChaineAnswer) });

export const VisitorMeAnswer = Answer({ email: Type.String(), liste: Type.Union([ListeAnswer, Type.Null()]) });

export const VisitorListeAnswer = Answer({ liste: ListeAnswer });

const ImportedChannel = Answer({ id: Type.String(), name: Type.String() });
const NullableName = Type.Union([Type.String(), Type.Null()]);

export const SubscriptionsImportAnswer = Answer({
  format: Type.String(),
  followed: Type.Array(ImportedChannel),
  alreadyFollowed: Type.Array(ImportedChannel),
  unknown: Type.Array(Answer({ name: NullableName, source: Type.String() })),
  failed: Type.Array(Answer({ id: Type.String(), name: NullableName, message: Type.String() })),
});

export const SubscriptionsExportAnswer = {
  description: 'Le fichier des abonnements : OPML, ou le JSON de NewPipe (format=newpipe).',
  content: {
    'text/x-opml': { schema: { type: 'string' } },
    'application/json': { schema: Type.Object({}, { additionalProperties: true, description: "Le fichier d'abonnements de NewPipe." }) },
  },
};
