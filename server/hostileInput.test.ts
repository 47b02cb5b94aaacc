import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { startApiTest, type ApiTest } from './testing/requests';
import { userIdOf } from './testing/testApp';

/**
 * Hostile input, property-based: for every route of the route table, generated bodies, query
 * strings, path parameters and content types — wrong types, huge strings, deep nesting,
 * `__proto__` keys, SQL and HTML fragments, invalid base64 and UTF-8, NUL bytes, bad JSON.
 * Asserts: no 5xx, the process still answers, and a refused write changes nothing in the
 * database. HOSTILE_RUNS sets the cases per route (default 12; e.g. 500 for a long run).
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
const SEED = process.env.HOSTILE_SEED === undefined ? undefined : Number(process.env.HOSTILE_SEED);

/** Routes that call an outside service (YouTube, X, Telegram): its absence may answer 502/503. */
const OUTSIDE = new Set([
  'POST /api/chaine/:theme',
  'POST /api/videoByUser/:theme',
  'POST /api/visitor/follow',
  'POST /api/telegram/bot',
  'POST /api/getSocialMediaInfo',
  'POST /api/youtube/:n',
  'POST /api/twitter/:n',
  'POST /api/twitter/post',
  'POST /api/socialMedia/youtube',
  'POST /api/socialMedia/youtube/list',
  'POST /api/videosocialmedia/last',
]);

const CLOSED_PORT = 'http://127.0.0.1:9';

let { t, admin, operator } = {} as ApiTest;
let tables: string[] = [];

beforeAll(async () => {
  ({ t, admin, operator } = await startApiTest({
    // No background work changes the database between two fingerprints.
    MAIL_WORKER: '0',
    FEED_REFRESH_MINUTES: '0',
    LOGIN_RATE_LIMIT: '10000',
    PUBLIC_WRITE_RATE_LIMIT: '100000',
    PUBLIC_READ_RATE_LIMIT: '100000',
    BAT_RATE_LIMIT: '100000',
    YOUTUBE_FEED_URL: CLOSED_PORT,
    X_API_BASE_URL: CLOSED_PORT,
  }));
  const rows = await t.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  tables = rows.map((row) => row.name);
  // A few records for the path parameters to find.
  await t.call('POST', '/api/grps', operator, { subject: 'Hostile' });
  await t.call('POST', '/api/recipients', operator, { email: 'hostile@example.org' });
}, 120_000);
afterAll(() => t.close());

/** Records of refusals, kept by design: failed sign-ins slow the next ones to that account. */
const REFUSALS_RECORDED = new Set(['login_failure']);

/** Routes that may end the calling sessions: admin and operator sign in again after them. */
const ENDS_SESSIONS = new Set(['POST /api/logout', 'POST /api/me/password', 'DELETE /api/users/:id/sessions']);

/** Every table's content, hashed: equal fingerprints, unchanged database. */
async function fingerprint(): Promise<string> {
  const parts = tables.filter((name) => !REFUSALS_RECORDED.has(name)).map((name) => `SELECT '${name}' AS name, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS sum FROM "${name}" x`);
  const rows = await t.db.query<{ name: string; sum: string }>(parts.join(' UNION ALL '));
  return rows.map((row) => `${row.name}:${row.sum}`).join(',');
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
const hugeString = fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n));
const hostileString = fc.oneof(nasty, fc.string({ maxLength: 50 }), fc.string({ unit: 'binary', maxLength: 30 }), hugeString);
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

interface Shape {
  body: string[];
  query: string[];
}

/** A body built on the route's own field names (from its OpenAPI schema) with hostile values, or garbage. */
const bodyFor = (shape: Shape): fc.Arbitrary<string | Buffer | undefined> =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...shape.body, '__proto__', 'constructor', 'id', 'user'), hostileValue, { maxKeys: 6 }).map((value) => JSON.stringify(value)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.integer({ min: 100, max: 100_000 }).map((levels) => `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`),
    fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', 'email\na@b.c'),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    fc.constant(undefined),
  );

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
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

/** Percent-encodes, and sends a lone surrogate as the invalid UTF-8 it would be on the wire. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const queryFor = (shape: Shape) =>
  fc
    .array(fc.tuple(fc.constantFrom(...shape.query, 'page', 'itemsPerPage', 'order[id]', '__proto__', 'token', 'x'), fc.oneof(nasty, fc.string({ maxLength: 20 }))), {
      maxLength: 4,
    })
    .map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${value.startsWith('%') ? value : encode(value)}`).join('&'));

const segment = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '2147483648', 'abc', '%00', '%E0%A4%A', '%2e%2e', "1'", '1%20OR%201=1', 'é', 'pause', 'resume', 'cancel', 'finance'),
  fc.string({ maxLength: 20 }).map(encode),
);

const identity = fc.constantFrom<'admin' | 'operator' | 'none'>('admin', 'admin', 'operator', 'none');

// ---- the suite ----

describe('hostile input on every route', () => {
  it('never answers 5xx, keeps the process up, and refused writes change nothing', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    const shapes = new Map<string, Shape>();
    for (const [path, operations] of Object.entries<Record<string, { requestBody?: { content: Record<string, { schema?: { properties?: object } }> }; parameters?: { in: string; name: string }[] }>>(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const content = Object.values(operation.requestBody?.content ?? {})[0];
        shapes.set(`${method.toUpperCase()} ${path}`, {
          body: Object.keys(content?.schema?.properties ?? {}),
          query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        });
      }
    }

    const problems: string[] = [];
    const counts: string[] = [];
    for (const route of t.app.apiRoutes) {
      const key = `${route.method} ${route.url}`;
      const shape = shapes.get(`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`) ?? { body: [], query: [] };
      const writes = route.method === 'POST' || route.method === 'PATCH';
      let cases = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
            query: queryFor(shape),
            body: writes ? bodyFor(shape) : fc.constant(undefined),
            type: contentType,
            who: identity,
          }),
          async ({ segments, query, body, type, who }) => {
            cases += 1;
            let index = 0;
            const path = route.url.replace(/:(\w+)/g, () => segments[index++]);
            const before = writes ? await fingerprint() : '';
            const response: LightMyRequestResponse = await t.app.inject({
              method: route.method as 'GET',
              url: query ? `${path}?${query}` : path,
              headers: {
                ...(who === 'admin' ? admin : who === 'operator' ? operator : {}),
                ...(type && body !== undefined ? { 'content-type': type } : {}),
              },
              payload: body,
            });
            const status = response.statusCode;
            const allowed = status < 500 || (OUTSIDE.has(key) && (status === 502 || status === 503));
            if (!allowed) problems.push(`${key} ${path}?${query} [${type}] ${String(body).slice(0, 300)} → ${status} ${response.body.slice(0, 200)}`);
            if (status >= 400 && status < 500) {
              refused += 1;
              const answer = String(response.headers['content-type']).includes('json') ? response.json() : null;
              if (answer && (typeof answer.message !== 'string' || /\b(must|should|Unexpected|Unsupported)\b/.test(answer.message))) {
                problems.push(`${key} → ${status} not in French: ${answer.message}`);
              }
              if (writes && (await fingerprint()) !== before) problems.push(`${key} → ${status} but the database changed`);
            }
            // Every problem is collected (and the whole table printed) rather than stopping at the first.
            return true;
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
      if (ENDS_SESSIONS.has(key)) [admin, operator] = [await t.signIn(userIdOf(admin)), await t.signIn(userIdOf(operator))];
      const health = await t.app.inject('/api/health');
      if (health.statusCode !== 200) problems.push(`after ${key}: /api/health answered ${health.statusCode}`);
      counts.push(`${key.padEnd(48)} ${String(cases).padStart(5)} cases, ${String(refused).padStart(5)} refused`);
    }
    console.info([`hostile input: ${RUNS} runs per route (HOSTILE_RUNS)`, ...counts].join('\n'));
    expect(problems).toEqual([]);
  }, 90_000 + RUNS * 10_000);
});
