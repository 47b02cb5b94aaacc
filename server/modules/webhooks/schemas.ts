import { Type } from '@sinclair/typebox';
import { WEBHOOK_EVENTS } from './events';

/** Answers let through what their schema does not name (server/openapi.test.ts). */
const OPEN = { additionalProperties: true };
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Url = Type.String({ minLength: 1, maxLength: 2000, description: "L'adresse (http ou https) qui reçoit les événements." });
const Events = Type.Array(Type.Union(WEBHOOK_EVENTS.map((event) => Type.Literal(event))), {
  minItems: 1,
  maxItems: WEBHOOK_EVENTS.length,
  uniqueItems: true,
  description: `Les événements envoyés : ${WEBHOOK_EVENTS.join(', ')}.`,
});

export const WebhookCreate = Type.Object({ url: Url, events: Events, active: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export const WebhookPatch = Type.Object(
  { url: Type.Optional(Url), events: Type.Optional(Events), active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const WebhookParams = Type.Object({ id: Id });
export const DeliveryParams = Type.Object({ id: Id, delivery: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

export const WebhookItem = Type.Object({
  '@id': Type.String(),
  '@type': Type.Literal('Webhook'),
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  createdAt: Type.String(),
  user: Type.Integer(),
}, OPEN);
/** At creation only: the secret the receiver checks signatures with, never shown again. */
export const WebhookCreated = Type.Object({ ...WebhookItem.properties, secret: Type.String() }, OPEN);
export const WebhookCollection = Type.Object({
  '@id': Type.String(),
  '@type': Type.Literal('hydra:Collection'),
  'hydra:member': Type.Array(WebhookItem),
  'hydra:totalItems': Type.Integer(),
}, OPEN);

export const DeliveryItem = Type.Object({
  id: Type.Integer(),
  eventId: Type.String(),
  type: Type.String(),
  createdAt: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  lastAttemptAt: Type.Union([Type.String(), Type.Null()]),
  lastStatus: Type.Union([Type.Integer(), Type.Null()]),
  lastAnswer: Type.Union([Type.String(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
}, OPEN);
export const ResendAnswer = Type.Object({ id: Type.Integer(), status: Type.String() }, OPEN);
export const DeliveryCollection = Type.Object({
  '@id': Type.String(),
  '@type': Type.Literal('hydra:Collection'),
  'hydra:member': Type.Array(DeliveryItem),
  'hydra:totalItems': Type.Integer(),
}, OPEN);
