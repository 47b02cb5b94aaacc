import { Type } from '@sinclair/typebox';
import { DeliveryPatch } from '../deliveries/schemas';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** An instant with its offset (ISO 8601): `2026-12-01T09:00:00+01:00`, or `…Z`. */
const Instant = Type.String({ format: 'date-time', maxLength: 40 });

/** POST /api/sendEmail (spec §7.3); `sendAt` plans the send instead of starting it. */
export const SendEmailBody = Type.Object(
  { delId: Id, listId: Id, sendAt: Type.Optional(Instant) },
  { additionalProperties: false },
);

/** A planned time: an instant with its offset, or a wall-clock time (`2026-12-01T09:00`) in TIMEZONE, as the console enters it. */
const PlannedTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?$',
  maxLength: 40,
});

/** PATCH /api/sends/{id}: moves a planned send. */
export const SendPatch = Type.Object({ sendAt: PlannedTime }, { additionalProperties: false });

/**
 * POST /api/schedules: Diffusion's frequency for a template and a list, from a first date and
 * time — an instant with its offset, or a wall-clock time (`2026-12-01T09:00`) in TIMEZONE.
 */
export const ScheduleBody = Type.Object(
  {
    delId: Id,
    listId: Id,
    frequency: Type.Union([
      Type.Literal('unique'),
      Type.Literal('quotidienne'),
      Type.Literal('hebdomadaire'),
      Type.Literal('mensuelle'),
    ]),
    firstAt: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?$',
      maxLength: 40,
    }),
  },
  { additionalProperties: false },
);

/** DELETE /api/schedules?delivery={id} ('Aucune'). */
export const ScheduleStopParams = Type.Object({ delId: Id });

export const SendParams = Type.Object({ id: Id });

export const SendActionParams = Type.Object({
  id: Id,
  action: Type.Union([Type.Literal('pause'), Type.Literal('resume'), Type.Literal('cancel')]),
});

/** A delivery's content as the editor holds it, saved or not. */
const contentFields = Type.Pick(DeliveryPatch, [
  'subject',
  'label',
  'codeHtml',
  'codeText',
  'codeAmp',
  'properties',
]).properties;

/**
 * POST /api/email/encoded, the test send (BAT): to one address, the delivery `delId` as saved,
 * or with the content the body gives (base64 lists for HTML and text, as deliveries hold them).
 */
export const TestSendBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }), delId: Type.Optional(Id), ...contentFields },
  { additionalProperties: false },
);

/** POST /api/email/preview: renders content as a contact would receive it. */
export const PreviewBody = Type.Object(contentFields, { additionalProperties: false });
