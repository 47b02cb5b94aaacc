import { Type } from '@sinclair/typebox';
import { DeliveryPatch } from '../deliveries/schemas';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** POST /api/sendEmail (spec §7.3). */
export const SendEmailBody = Type.Object({ delId: Id, listId: Id }, { additionalProperties: false });

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
