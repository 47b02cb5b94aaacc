import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Route schemas compiled at their route's first use rather than when the app starts.
 *
 * Fastify compiles every route's validators (Ajv) and response serializers
 * (fast-json-stringify) when the app gets ready: about a second of a start on this machine,
 * and of every test file that builds an app, for routes most starts and tests never call. The
 * first request of a route pays its own compile (milliseconds) instead. A schema Ajv or
 * fast-json-stringify refuses is then met by its route's first request, as a 500:
 * hostileInput.test.ts calls every operation of the OpenAPI document and allows none.
 */

/** Ajv's validate function, as Fastify calls it: `(data, context?)`, with its errors after a `false`. */
export interface AjvValidate {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

/** A validator that compiles itself at its first call and then behaves as Ajv's own. */
export function lazyValidator(compile: () => AjvValidate): AjvValidate {
  let validate: AjvValidate | null = null;
  const lazy: AjvValidate = (data, context) => {
    validate ??= compile();
    const result = validate(data, context);
    lazy.errors = validate.errors;
    return result;
  };
  // Fastify hands Ajv's validators their parent (so that defaults and coercion reach a root
  // value) when it sees Ajv's `schemaEnv`; every validator here is Ajv's.
  lazy.schemaEnv = true;
  return lazy;
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** Fastify's own serializer compiler (fast-json-stringify), each route's compiled at its first answer. */
export function buildSerializer(...options: Parameters<SerializerFactory>): ReturnType<SerializerFactory> {
  const compileNow = SerializerSelector()(...options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | null = null;
    return (doc) => (serialize ??= compileNow(route))(doc);
  };
}
