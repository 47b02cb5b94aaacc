import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../testing/testApp';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({ MAIL_WORKER: '0', LOG_FORMAT: 'json' }, { logger: { level: 'info', stream } });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

it('keeps a valid incoming X-Request-Id, in the answer and in the log lines', async () => {
  const id = 'proxy-1.2:abc_DEF';
  const answer = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
  expect(answer.headers['x-request-id']).toBe(id);
  const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.reqId === id);
  expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
});

it.each([
  ['too long', 'a'.repeat(129)],
  ['a space', 'two words'],
  ['a quote', 'id"injected'],
  ['empty', ''],
])('replaces an incoming id that is %s with a new one', async (_case, given) => {
  const answer = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
  expect(answer.headers['x-request-id']).toMatch(UUID);
});

it('names every answer, errors included, each with its own id', async () => {
  const admin = await t.adminBearer();
  const answers = await Promise.all([
    t.app.inject('/api/health'),
    t.app.inject('/api/grps'),
    t.app.inject('/api/nothing-here'),
    t.app.inject({ method: 'POST', url: '/api/grps', headers: { ...admin, 'content-type': 'application/json' }, payload: '{not json' }),
    t.app.inject('/api/grps/%E0%A4%A'),
    t.app.inject('/'),
  ]);
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 400, 400, expect.any(Number)]);
  const ids = answers.map((answer) => answer.headers['x-request-id']);
  for (const id of ids) expect(id).toMatch(UUID);
  expect(new Set(ids).size).toBe(ids.length);
  // The failed request's line names it, with its status.
  const failed = lines.map((line) => JSON.parse(line)).find((line) => line.reqId === ids[2] && line.res);
  expect(failed.res.statusCode).toBe(404);
});
