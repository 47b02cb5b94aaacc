import { STATUS_CODES } from 'node:http';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { startApiTest, type ApiTest } from './testing/requests';
import { userIdOf } from './testing/testApp';
import { hostileSeeds, operationsOf, requestArbitrary, seedRequests, type HostileRequest, type Operation } from './testing/hostileRequests';

/**
 * Hostile input, property-based, on every operation of the OpenAPI document (`/api/docs/json`):
 * a new route is covered without a new test. Each operation gets requests built from its own
 * parameter and body schemas (mostly values the schemas take, with hostile ones mixed in:
 * wrong types, huge strings, deep nesting, `__proto__` keys, SQL and HTML fragments, invalid
 * base64 and UTF-8, NUL bytes, bad JSON, wrong media types) and, first, the seeds: inputs that
 * once broke the server (`%ff` in a YouTube address, overlong addresses, zero-width and
 * 60-emoji names, `days: [0]`, `"24:00"`). Asserts: no 5xx, the uniform error shape with the
 * status's own text, the process still answers, and a refused write changes nothing in the
 * database. HOSTILE_RUNS sets the generated cases per operation, beside the seeds (default 6;
 * e.g. 500 for a long run); HOSTILE_SEED replays a run.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 6);
const SEED = process.env.HOSTILE_SEED === undefined ? undefined : Number(process.env.HOSTILE_SEED);

/** Operations that call an outside service (YouTube, X, Telegram): its absence may answer 502/503. */
const OUTSIDE = new Set([
  'POST /api/chaine/{theme}',
  'POST /api/videoByUser/{theme}',
  'POST /api/visitor/follow',
  'POST /api/telegram/bot',
  'POST /api/getSocialMediaInfo',
  'POST /api/youtube/{n}',
  'POST /api/twitter/{n}',
  'POST /api/twitter/post',
  'POST /api/socialMedia/youtube',
  'POST /api/socialMedia/youtube/list',
  'POST /api/videosocialmedia/last',
]);

/** Operations that may end the calling sessions: admin and operator sign in again after them. */
const ENDS_SESSIONS = new Set(['POST /api/logout', 'POST /api/me/password', 'DELETE /api/users/{id}/sessions']);

/** Records of refusals, kept by design: failed sign-ins slow the next ones to that account. */
const REFUSALS_RECORDED = new Set(['login_failure']);

const CLOSED_PORT = 'http://127.0.0.1:9';

let { t, admin, operator } = {} as ApiTest;
let visitor: Record<string, string> = {};
let tables: string[] = [];

let visitors = 0;
/** A visitor with a list, as the visitor routes expect one. */
async function newVisitor(): Promise<Record<string, string>> {
  visitors += 1;
  const email = `hostile-visitor${visitors}@example.org`;
  const signup = await t.call('POST', '/api/rtEvent/new', {}, { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} });
  const headers = { 'x-visitor-token': signup.json().tokenAc as string };
  await t.call('POST', '/api/visitor/liste', headers, { name: `Hostile${visitors}` });
  return headers;
}

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
    // Configured, so that the bounce webhooks read what they are sent (unset, they answer 503).
    BOUNCE_WEBHOOK_SECRET: 'hostile-webhook-secret',
  }));
  const rows = await t.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  tables = rows.map((row) => row.name);
  // A few records for the path parameters to find.
  await t.call('POST', '/api/grps', operator, { subject: 'Hostile' });
  await t.call('POST', '/api/recipients', operator, { email: 'hostile@example.org' });
  visitor = await newVisitor();
}, 120_000);
afterAll(() => t.close());

/** Every table's content, hashed: equal fingerprints, unchanged database. */
async function fingerprint(): Promise<string> {
  const parts = tables
    .filter((name) => !REFUSALS_RECORDED.has(name))
    .map((name) => `SELECT '${name}' AS name, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS sum FROM "${name}" x`);
  const rows = await t.db.query<{ name: string; sum: string }>(parts.join(' UNION ALL '));
  return rows.map((row) => `${row.name}:${row.sum}`).join(',');
}

const headersOf = (who: HostileRequest['who']) => ({ admin, operator, visitor, none: {} })[who];

/** What is wrong with an answer: a 5xx, or a refusal outside the uniform French shape. */
function faultsOf(operation: Operation, request: HostileRequest, response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  const described = `${operation.key} ${request.url} [${request.type}] ${String(request.body).slice(0, 300)}`;
  if (status >= 500 && !(OUTSIDE.has(operation.key) && (status === 502 || status === 503))) {
    return [`${described} → ${status} ${response.body.slice(0, 200)}`];
  }
  if (status < 400 || !String(response.headers['content-type']).includes('json')) return [];
  const answer = response.json();
  const faults: string[] = [];
  if (typeof answer.message !== 'string' || /\b(must|should|Unexpected|Unsupported)\b/.test(answer.message)) faults.push(`${described} → ${status} not in French: ${answer.message}`);
  if (answer.statusCode !== status || answer.error !== STATUS_CODES[status]) faults.push(`${described} → ${status} says ${answer.statusCode} "${answer.error}"`);
  return faults;
}

describe('hostile input on every operation of the OpenAPI document', () => {
  it('never answers 5xx, answers refusals in the uniform shape, keeps the process up, and refused writes change nothing', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    const operations = operationsOf(spec);
    // The document is the route table (openapi.test.ts): every route is here.
    expect(operations.length).toBe(t.app.apiRoutes.length);

    const problems: string[] = [];
    const counts: string[] = [];
    for (const operation of operations) {
      let cases = 0;
      let refused = 0;
      // The database as the last refused write left it: the next case need not hash it again.
      let known: string | null = null;
      const seeds = seedRequests(operation, hostileSeeds);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation), async (request) => {
          cases += 1;
          const before = operation.writes ? (known ?? (await fingerprint())) : '';
          const response = await t.app.inject({
            method: operation.method,
            url: request.url,
            headers: { ...headersOf(request.who), ...(request.type && request.body !== undefined ? { 'content-type': request.type } : {}) },
            payload: request.body,
          });
          problems.push(...faultsOf(operation, request, response));
          known = null;
          if (response.statusCode >= 400 && response.statusCode < 500) {
            refused += 1;
            if (operation.writes) {
              known = await fingerprint();
              if (known !== before) problems.push(`${operation.key} ${request.url} → ${response.statusCode} but the database changed`);
            }
          }
          // Every problem is collected (and the whole table printed) rather than stopping at the first.
          return true;
        }),
        { numRuns: seeds.length + RUNS, seed: SEED, examples: seeds.map((seed) => [seed]) },
      );
      if (ENDS_SESSIONS.has(operation.key)) [admin, operator] = [await t.signIn(userIdOf(admin)), await t.signIn(userIdOf(operator))];
      if ((await t.app.inject({ url: '/api/visitor/me', headers: visitor })).statusCode === 401) visitor = await newVisitor();
      const health = await t.app.inject('/api/health');
      if (health.statusCode !== 200) problems.push(`after ${operation.key}: /api/health answered ${health.statusCode}`);
      counts.push(`${operation.key.padEnd(52)} ${String(cases).padStart(5)} cases, ${String(refused).padStart(5)} refused`);
    }
    console.info([`hostile input: ${operations.length} operations, ${RUNS} generated runs each (HOSTILE_RUNS) beside the seeds`, ...counts].join('\n'));
    expect(problems).toEqual([]);
  }, 120_000 + RUNS * 10_000);
});
