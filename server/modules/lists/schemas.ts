import { Type } from '@sinclair/typebox';

/** The key/value sequence item of spec §3, kept 1..n in order. */
export const SequenceItem = Type.Object(
  {
    sequence: Type.Integer({ minimum: 1, maximum: 10_000 }),
    key: Type.String({ maxLength: 200 }),
    value: Type.String({ maxLength: 10_000 }),
    type: Type.String({ maxLength: 50 }),
    profil: Type.String({ maxLength: 50 }),
  },
  { additionalProperties: false },
);

const Subject = Type.String({ minLength: 1, maxLength: 200 });
const Actif = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Sequence = Type.Array(SequenceItem, { maxItems: 500 });
const UserId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const GrpCreate = Type.Object(
  {
    subject: Subject,
    actif: Type.Optional(Actif),
    user: Type.Optional(UserId),
    sequence: Type.Optional(Sequence),
  },
  { additionalProperties: false },
);

export const GrpPatch = Type.Partial(GrpCreate, { additionalProperties: false });

const ContactText = Type.String({ maxLength: 100 });

export const GrpRcpCreate = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    firstname: Type.Optional(ContactText),
    lastname: Type.Optional(ContactText),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    grp: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    user: Type.Optional(UserId),
    origin: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const GrpRcpPatch = Type.Partial(
  Type.Object(
    {
      firstname: ContactText,
      lastname: ContactText,
      phone: Type.String({ maxLength: 50 }),
      origin: Type.String({ maxLength: 100 }),
      actif: Actif,
    },
    { additionalProperties: false },
  ),
);

export const GrpIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
