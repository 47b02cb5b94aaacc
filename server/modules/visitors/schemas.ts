import { Type } from '@sinclair/typebox';
import { SimpleEmail as Email } from '../../shared/schemas';

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
