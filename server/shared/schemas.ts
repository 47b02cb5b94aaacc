import { Type, type ObjectOptions, type TProperties } from '@sinclair/typebox';

/** Text, @, text, dot, text: the spec's simple e-mail pattern (§5), as the SPA checks it. */
export const SimpleEmail = Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });

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
