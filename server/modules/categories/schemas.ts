import { Type } from '@sinclair/typebox';

export const Profil = Type.Union(
  ['politique', 'survivalisme', 'rencontre', 'influenceur', 'ecommerce', 'independant'].map((p) => Type.Literal(p)),
);

export const CategoryCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    label: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    profil: Type.Optional(Profil),
    societe: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    user: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);

export const CategoryPatch = Type.Partial(CategoryCreate, { additionalProperties: false });
