import fc from 'fast-check';

/**
 * Hostile requests for one operation of the OpenAPI document, built from its own parameter
 * and body schemas: mostly values the schemas take (so that a request reaches the route's
 * code), with hostile values mixed in at any place, and whole-body garbage.
 */

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}

export type Who = 'admin' | 'operator' | 'visitor' | 'none';

export interface Operation {
  /** `POST /api/visitor/groupes/{name}`: as the document writes it. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** The media type the operation reads, and its schema when it is JSON. */
  body: { type: string; schema: Schema | null } | null;
  /** Who may call it: its security, or anyone. */
  callers: Who[];
  /** Whether a refusal must leave the database as it was. */
  writes: boolean;
}

export interface HostileRequest {
  url: string;
  body: string | Buffer | undefined;
  type: string | undefined;
  who: Who;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, its schemas' `$ref`s resolved. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const components = document.components?.schemas ?? {};
  const resolve = (schema: Schema | undefined, depth = 0): Schema | null => {
    if (!schema || depth > 20) return null;
    if (schema.$ref) return resolve(components[schema.$ref.split('/').pop() as string], depth + 1);
    return schema;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = (operation.parameters ?? []).map((parameter) => ({ ...parameter, schema: resolve(parameter.schema) ?? {} }));
      const [type, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      const schemes = (operation.security ?? []).flatMap((entry) => Object.keys(entry));
      const callers: Who[] = schemes.includes('bearer') ? ['admin', 'admin', 'operator', 'none'] : schemes.includes('visitorToken') ? ['visitor', 'visitor', 'visitor', 'none'] : ['none', 'admin', 'visitor'];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        body: type ? { type, schema: type.includes('json') ? (resolveDeep(content?.schema, resolve) ?? null) : null } : null,
        callers,
        writes: method !== 'get',
      });
    }
  }
  return operations;
}

/** A schema with its nested `$ref`s resolved (bounded: a recursive schema stops being followed). */
function resolveDeep(schema: Schema | undefined, resolve: (schema: Schema | undefined) => Schema | null, depth = 0): Schema | null {
  const resolved = resolve(schema);
  if (!resolved || depth > 8) return resolved;
  const deep = (child: Schema | undefined) => resolveDeep(child, resolve, depth + 1) ?? {};
  return {
    ...resolved,
    ...(resolved.properties ? { properties: Object.fromEntries(Object.entries(resolved.properties).map(([key, value]) => [key, deep(value)])) } : {}),
    ...(resolved.items ? { items: deep(resolved.items) } : {}),
    ...(resolved.anyOf ? { anyOf: resolved.anyOf.map(deep) } : {}),
    ...(resolved.oneOf ? { oneOf: resolved.oneOf.map(deep) } : {}),
    ...(resolved.allOf ? { allOf: resolved.allOf.map(deep) } : {}),
  };
}

// ---- what a hostile client sends ----

const nasty = fc.constantFrom(
  "' OR 1=1 --",
  "'; DROP TABLE grp; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '=?utf-8?b?invalid',
  '!!!not-base64!!!',
  'AAAA====',
  '1e309',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'true',
  'null',
  '',
  ' ',
  '__proto__',
  'constructor',
  'é'.repeat(40),
);

/**
 * Inputs that once answered a 5xx or were wrongly taken (issue 36), tried first on every
 * string of every operation: bad percent-encoding in a YouTube address, an address past RFC
 * 5321's limits, names of invisible characters, 60 emoji, an hour past 23:59.
 */
export const hostileSeeds = [
  'https://www.youtube.com/%ff',
  'https://www.youtube.com/%',
  `${'a'.repeat(65)}@${'b'.repeat(64)}.example.org`,
  '\u200b\u200c\u2060',
  '😀'.repeat(60),
  '24:00',
];

const hugeString = fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n));
const hostileString = fc.oneof(nasty, fc.constantFrom(...hostileSeeds), fc.string({ maxLength: 50 }), fc.string({ unit: 'binary', maxLength: 30 }), hugeString);
/** Nesting inside a value (kept small enough for JSON.stringify); whole deep bodies are written as text below. */
const deep = fc.integer({ min: 20, max: 60 }).map((levels) => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
});
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(fc.oneof(nasty, fc.string({ maxLength: 8 })), hostileString, { maxKeys: 4 }),
  deep,
);

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : []);

const branchesOf = (schema: Schema): Schema[] | undefined => schema.anyOf ?? schema.oneOf ?? schema.allOf;

/** Text a string schema takes: from its enum, format or pattern when fast-check can read it. */
function stringFor(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot read (Unicode classes): plain text below.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

/** A value its schema takes (mostly), each part of it sometimes replaced by a hostile value. */
function valueFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: conforming(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

function conforming(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = branchesOf(schema);
  if (branches?.length) return fc.oneof(...branches.map((branch) => conforming(branch, depth + 1)));
  const [type] = typesOf(schema);
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? Math.max(min, 0) + 1000, Number.MAX_SAFE_INTEGER);
      // The bounds and just past them, and small ids that name records.
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, min - 1, max + 1, 1, 2));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueFor(value, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return hostileValue;
  }
}

/** The one value a seed request sends: every string the seed, every number at its lower bound (or just past it). */
function seeded(schema: Schema, seed: string, belowMinimum: boolean, depth = 0): unknown {
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branches = branchesOf(schema)?.filter((branch) => !typesOf(branch).includes('null'));
  if (branches?.length) return seeded(branches[0], seed, belowMinimum, depth + 1);
  const [type] = typesOf(schema);
  if (type === 'string') return seed;
  if (type === 'integer' || type === 'number') return (schema.minimum ?? 1) - (belowMinimum ? 1 : 0);
  if (type === 'boolean') return true;
  if (type === 'array') return [seeded(schema.items ?? {}, seed, belowMinimum, depth + 1)];
  if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, seeded(value, seed, belowMinimum, depth + 1)]));
  return seed;
}

/** Percent-encodes, and sends a lone surrogate as the invalid UTF-8 it would be on the wire. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

const urlOf = (operation: Operation, path: Record<string, string>, query: [string, string][]) => {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '1');
  return query.length ? `${url}?${query.map(([key, value]) => `${encode(key)}=${value}`).join('&')}` : url;
};

const segment = fc.oneof(
  fc.constantFrom('0', '-1', '2147483648', 'abc', '%00', '%E0%A4%A', '%ff', '%', '%2e%2e', "1'", '1%20OR%201=1', 'é', 'pause', 'resume', 'cancel', 'finance'),
  fc.string({ maxLength: 20 }).map(encode),
);

const contentType = fc.constantFrom(
  'application/merge-patch+json',
  'application/ld+json',
  'text/csv',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'garbage',
  undefined,
);

/** Garbage for any body: no JSON, broken JSON, very deep JSON, bytes. */
const garbageBody: fc.Arbitrary<string | Buffer | undefined> = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.integer({ min: 100, max: 100_000 }).map((levels) => `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`),
  fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', 'email\na@b.c'),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
  fc.constant(undefined),
);

/** Generated requests for one operation. */
export function requestArbitrary(operation: Operation): fc.Arbitrary<HostileRequest> {
  const path = fc.record(
    Object.fromEntries(
      operation.pathParameters.map((parameter) => [parameter.name, fc.oneof({ weight: 3, arbitrary: valueFor(parameter.schema ?? {}).map((value) => encode(asText(value))) }, { weight: 1, arbitrary: segment })]),
    ),
  );
  const names = [...operation.queryParameters.map((parameter) => parameter.name), 'page', 'itemsPerPage', 'order[id]', '__proto__', 'token', 'x'];
  const query = fc.array(
    fc.tuple(
      fc.constantFrom(...names),
      fc.oneof(nasty.map(encode), fc.constantFrom('%', '%ff', '%E0%A4%A'), fc.string({ maxLength: 20 }).map(encode)),
    ),
    { maxLength: 4 },
  );
  // Declared query parameters with values from their schemas, so that a route gets past its query checks.
  const declared = fc.record(Object.fromEntries(operation.queryParameters.map((parameter) => [parameter.name, valueFor(parameter.schema ?? {}).map((value) => encode(asText(value)))])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Record<string, string>>;
  const { body: accepts } = operation;
  const body: fc.Arbitrary<string | Buffer | undefined> = !accepts
    ? operation.method === 'GET'
      ? fc.constant(undefined)
      : garbageBody
    : accepts.schema
      ? fc.oneof(
          { weight: 4, arbitrary: valueFor(accepts.schema).map((value) => JSON.stringify(value)) },
          { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...Object.keys(accepts.schema.properties ?? {}), '__proto__', 'constructor', 'id', 'user'), hostileValue, { maxKeys: 6 }).map((value) => JSON.stringify(value)) },
          { weight: 1, arbitrary: garbageBody },
        )
      : fc.oneof(hostileString, garbageBody);
  const type = accepts ? fc.oneof({ weight: 4, arbitrary: fc.constant(accepts.type) }, { weight: 1, arbitrary: contentType }) : contentType;
  return fc
    .record({ path, query, declared, body, type, who: fc.constantFrom(...operation.callers) })
    .map(({ path: values, query: pairs, declared: named, body: payload, type: media, who }) => ({
      url: urlOf(operation, values, [...Object.entries(named), ...pairs]),
      body: payload,
      type: media,
      who,
    }));
}

/**
 * The seed requests of an operation, tried before the generated ones: each seed in every
 * string (path, query, body) with numbers at their lower bound, then one with numbers just
 * below it (`days: [0]`).
 */
export function seedRequests(operation: Operation, seeds: string[]): HostileRequest[] {
  const [who] = operation.callers;
  const requestWith = (seed: string, belowMinimum: boolean): HostileRequest => {
    const text = (schema: Schema | undefined) => encode(asText(seeded(schema ?? {}, seed, belowMinimum)));
    const path = Object.fromEntries(operation.pathParameters.map((parameter) => [parameter.name, text(parameter.schema)]));
    const query = operation.queryParameters.map((parameter): [string, string] => [parameter.name, text(parameter.schema)]);
    const schema = operation.body?.schema;
    const body = operation.body ? (schema ? JSON.stringify(seeded(schema, seed, belowMinimum)) : seed) : undefined;
    return { url: urlOf(operation, path, query), body, type: operation.body?.type, who };
  };
  return [...seeds.map((seed) => requestWith(seed, false)), requestWith(seeds[1], true)];
}
