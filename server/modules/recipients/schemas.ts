import { Type } from '@sinclair/typebox';
import { Answer, Email } from '../../shared/schemas';
import { itemResponseSchema } from '../../shared/hydra';
import { recipientResource } from './resource';

const Text = (maxLength: number) => Type.String({ maxLength });

const profile = {
  firstname: Text(100),
  lastname: Text(100),
  phone: Text(50),
  youtubename: Text(200),
  twittername: Text(200),
  url: Text(2000),
  add_url: Text(2000),
  origin: Text(100),
};

const Actif = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** A recipient as POST /api/recipients and /api/localToProd take it. */
export const RecipientCreate = Type.Object(
  {
    email: Email,
    ...Object.fromEntries(Object.entries(profile).map(([name, schema]) => [name, Type.Optional(schema)])),
    actif: Type.Optional(Actif),
    user: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);

export const RecipientList = Type.Array(RecipientCreate, { minItems: 1, maxItems: 1000 });

/** The recipient's own changes; `token` (body or query) authorises them and is never changed. */
export const RecipientPatch = Type.Partial(
  Type.Object({ email: Email, ...profile, actif: Actif, token: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
);

export const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })) });

// Answers of the routes beside the CRUD ones.

export const LocalToProdAnswer = Answer({
  created: Type.Boolean({ description: 'Vrai quand le destinataire est nouveau (201), faux quand il est mis à jour (200).' }),
  recipient: itemResponseSchema(recipientResource),
});

export const LocalToProdListAnswer = Answer({ created: Type.Integer(), updated: Type.Integer() });
