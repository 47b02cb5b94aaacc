import { Type } from '@sinclair/typebox';
import { Sequence } from '../../shared/sequence';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Text = (maxLength: number) => Type.String({ maxLength });

const fields = {
  name: Name,
  label: Text(200),
  seq: Type.Integer({ minimum: 0, maximum: 100_000 }),
  sequence: Sequence,
  origine: Text(100),
  user: Type.Integer({ minimum: 1, maximum: 2147483647 }),
};

/**
 * POST /discours takes a delivery-like body (spec §7.3): `internalname` and `origin`, the
 * delivery's words, stand for `name` and `origine`; other delivery fields are ignored.
 */
export const DiscoursCreate = Type.Object(
  {
    name: Type.Optional(fields.name),
    internalname: Type.Optional(fields.name),
    label: Type.Optional(fields.label),
    seq: Type.Optional(fields.seq),
    sequence: Type.Optional(fields.sequence),
    origine: Type.Optional(fields.origine),
    origin: Type.Optional(fields.origine),
    user: Type.Optional(fields.user),
  },
  { additionalProperties: false },
);

export const DiscoursPatch = Type.Partial(Type.Object(fields, { additionalProperties: false }));
