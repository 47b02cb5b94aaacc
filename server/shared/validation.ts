import { Readable } from 'node:stream';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { badRequest } from './errors';
import { lazyValidator, type AjvValidate } from './lazySchemas';

/**
 * JSON bodies are validated strictly, as API Platform does: a string where an integer is
 * expected or a boolean where a string is expected is refused, not converted. Query strings
 * and paths are text by nature, so there numbers are still read from their digits.
 */
// `verbose` hands the error handler each failed keyword's schema, whose description it quotes.
const STRICT = { coerceTypes: false, useDefaults: true, removeAdditional: true, allErrors: false, verbose: true } as const;
const COERCING = { ...STRICT, coerceTypes: 'array' } as const;

type ExternalSchemas = Parameters<ReturnType<typeof AjvCompiler>>[0];

/**
 * Fastify asks for a compiler in each plugin scope (28 of them) with the same schemas and
 * options: its pool hands back the same Ajv instance each time. Made per call, the pool was
 * new each time too, and the app made 56 Ajv instances (~0.5 s of each start).
 */
const factory = AjvCompiler();

/**
 * Fastify's own compiler (Ajv with ajv-formats, as Fastify configures it), one instance for
 * bodies and one for the rest. Each route's validator is compiled at its first request, not
 * when the app starts (lazySchemas.ts).
 */
export function buildValidator(externalSchemas?: unknown): FastifySchemaCompiler<unknown> {
  const schemas = (externalSchemas ?? {}) as ExternalSchemas;
  const strict = factory(schemas, { customOptions: STRICT });
  const coercing = factory(schemas, { customOptions: COERCING });
  // The pool's compile functions take the route definition ({schema, httpPart, …}), though typed as Ajv's.
  type Compile = (route: unknown) => AjvValidate;
  return (route) => lazyValidator(() => ((route.httpPart === 'body' ? strict : coercing) as unknown as Compile)(route)) as ReturnType<FastifySchemaCompiler<unknown>>;
}

/**
 * The most characters (code points) a path parameter's schema allows (openapi.test.ts holds
 * every route to it): an e-mail address's 254 (RFC 5321), the longest (`/api/suppressions/{email}`).
 */
export const PATH_PARAM_MAX_CHARS = 254;

/**
 * The router's limit on one path parameter. It measures the parameter as sent, percent-encoded
 * UTF-8: up to 4 bytes of 3 characters (`%F0`) each per code point. Under it, a value the
 * schema accepts (60 emoji in a group name) is never refused with a 414 before the schema sees it.
 */
export const MAX_PARAM_LENGTH = PATH_PARAM_MAX_CHARS * 4 * 3;

/** Deeper JSON than this is refused before validation: no schema of ours nests half as deep. */
export const MAX_JSON_DEPTH = 32;

/**
 * Walks a parsed body, query or path without recursion (a 100,000-level body must not blow the
 * stack): refuses NUL characters, which PostgreSQL cannot store in text, and nesting deeper
 * than MAX_JSON_DEPTH, naming the field either way. Bytes (Buffers, typed arrays) are not walked.
 */
export function checkInput(value: unknown, part: string): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    const field = path || part;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) throw badRequest(field, `Le champ '${field}' contient un caractère nul (\\u0000), refusé.`);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // Bytes (a raw body: the subscriptions import's file) are the route's to read, not fields.
    // Walked as an object, a 2 MiB Buffer was 2 million entries: seconds of the event loop.
    if (ArrayBuffer.isView(current)) continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw badRequest(field, `Le champ '${field}' est imbriqué trop profondément (au plus ${MAX_JSON_DEPTH} niveaux).`);
    }
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) throw badRequest(field, `Le champ '${field}' a un nom contenant un caractère nul (\\u0000).`);
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
}

/** preValidation hook: the checks above on everything a request hands a route. */
export async function guardInput(request: FastifyRequest): Promise<void> {
  checkInput(request.params, 'path');
  checkInput(request.query, 'query');
  // A streamed body (the CSV import) is read by its route.
  if (!(request.body instanceof Readable)) {
    checkInput(request.body, 'body');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The media type a route reads, named by its 415 refusal (default: application/json). */
    accepts?: string;
  }
}
