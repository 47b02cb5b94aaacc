import { Writable } from 'node:stream';
import { createTestApp } from '../testing/testApp';

/** The lines a server with this log format and level writes for one request. */
async function linesOfOneRequest(format: 'json' | 'pretty', level: 'info' | 'debug'): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const t = await createTestApp({ MAIL_WORKER: '0', LOG_FORMAT: format }, { logger: { level, stream } });
  try {
    const before = lines.length;
    expect((await t.app.inject('/api/health?token=secret-value')).statusCode).toBe(200);
    return lines.slice(before);
  } finally {
    await t.close();
  }
}

// Two lines of pino-pretty per request at info cost the quick start two thirds of its API
// throughput; production's JSON keeps them for log collectors.
it('writes no request line in readable logs at info', async () => {
  expect(await linesOfOneRequest('pretty', 'info')).toEqual([]);
});

it('writes one readable line per request at debug, its URL redacted', async () => {
  const debug = await linesOfOneRequest('pretty', 'debug');
  expect(debug).toHaveLength(1);
  expect(debug[0]).toMatch(/GET \/api\/health\?token=\[redacted\] 200 [\d.]+ ms/);
});

it("writes both of Fastify's request lines in JSON at info", async () => {
  const json = (await linesOfOneRequest('json', 'info')).map((line) => JSON.parse(line).msg);
  expect(json).toEqual(['incoming request', 'request completed']);
});
