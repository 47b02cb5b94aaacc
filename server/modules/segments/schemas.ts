import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';
import { collectionResponseSchema, itemResponseSchema } from '../../shared/hydra';
import { segmentResource } from './resource';
import { grpRcpResource } from '../lists';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/**
 * A rule, as the issue writes it: a field rule `{field, op, value}` or an activity rule
 * `{activity, send}` / `{activity, last}`. Its names are checked by the route (rules.ts), which
 * answers a French 400 naming the rule.
 */
const RuleBody = Type.Object(
  {
    field: Type.Optional(Type.String({ maxLength: 100, description: 'email, firstname, lastname, created ou attribs.<nom>' })),
    op: Type.Optional(Type.String({ maxLength: 40, description: 'égal, différent, contient, commence par, avant, après, vide, non vide' })),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()])),
    activity: Type.Optional(Type.String({ maxLength: 40, description: "a ouvert, a cliqué, n'a pas ouvert, n'a pas cliqué" })),
    send: Type.Optional(Type.Union([Id, Type.Null()], { description: "L'envoi dont l'activité compte." })),
    last: Type.Optional(Type.Union([Type.Integer({ minimum: -1000000, maximum: 1000000 }), Type.Null()], { description: 'Les K derniers envois du propriétaire à la liste du segment (ou à ses listes), de 1 à 50.' })),
  },
  { additionalProperties: false },
);

const Match = Type.Union([Type.Literal('tous'), Type.Literal('au moins un')]);

export const SegmentCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    grp: Type.Union([Id, Type.Null()], { description: "La liste du segment, ou null pour toutes les listes de l'utilisateur." }),
    match: Match,
    rules: Type.Array(RuleBody, { maxItems: 10000, description: 'Les règles : 100 au plus.' }),
    user: Type.Optional(Id),
  },
  { additionalProperties: false },
);

/** POST /api/segments/count: a segment being built, counted before it is saved (the console's live count). */
export const SegmentPreview = Type.Object(
  { grp: SegmentCreate.properties.grp, match: Match, rules: SegmentCreate.properties.rules, user: Type.Optional(Id) },
  { additionalProperties: false },
);

export const SegmentPatch = Type.Partial(SegmentCreate, { additionalProperties: false });

export const SegmentParams = Type.Object({ id: Id });

export const SegmentCountAnswer = Answer({ count: Type.Integer({ description: 'Les contacts qu’un envoi au segment toucherait maintenant.' }) });

export const ContactsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});

export const SegmentAnswer = itemResponseSchema(segmentResource);
export const SegmentsAnswer = collectionResponseSchema(segmentResource);

/** The segment's contacts: a page of the contacts collection. */
export const SegmentContactsAnswer = collectionResponseSchema(grpRcpResource);
