import { Type, type ObjectOptions, type Static, type TProperties } from '@sinclair/typebox';
import { EMAIL_DESCRIPTION, EMAIL_LIMITS, EMAIL_MAX_LENGTH } from './email';

/** Text, @, text, dot, text: the spec's simple e-mail pattern (§5), as the SPA checks it, within RFC 5321's limits. */
export const SimpleEmail = Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: `${EMAIL_LIMITS}[^\\s@]+@[^\\s@]+\\.[^\\s@]+$`, description: EMAIL_DESCRIPTION });

/** An address as mail servers take it (ajv-formats' `email`), within RFC 5321's limits. */
export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_LIMITS, description: EMAIL_DESCRIPTION });

/**
 * The answer of a route: the properties it declares, and any other passes through. Fastify's
 * serializer drops properties a response schema does not name; the SPA must lose none.
 */
export const Answer = <T extends TProperties>(properties: T, options: ObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: true, ...options });

/** Something else than JSON (CSV, HTML, an image): the route declares its media type(s). */
export const MediaAnswer = (description: string, mediaTypes: string | string[], schema: Record<string, unknown> = { type: 'string' }) => ({
  description,
  content: Object.fromEntries([mediaTypes].flat().map((mediaType) => [mediaType, { schema }])),
});

/** A redirect: no body, the target in `Location`. */
export const RedirectAnswer = (description: string) => ({
  description,
  type: 'null',
  headers: { location: { type: 'string' } },
});

/** Everything held about an address, under the export's top-level keys (issue 38): an admin's export and the person's own. */
export const PersonExport = Type.Object(
  {
    contacts: Type.Array(Type.Unknown()),
    consentements: Type.Array(Type.Unknown()),
    envois: Type.Array(Type.Unknown()),
    ouvertures: Type.Array(Type.Unknown()),
    clics: Type.Array(Type.Unknown()),
    rejets: Type.Array(Type.Unknown()),
    automatisations: Type.Array(Type.Unknown()),
    visiteur: Type.Unknown(),
  },
  { additionalProperties: true },
);
export type PersonExportData = Static<typeof PersonExport>;
