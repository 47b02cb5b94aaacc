import net from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
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
    // The request's own lines: a background task (the retention's first run) may log meanwhile.
    return lines.slice(before).filter((line) => line.includes('"reqId"'));
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

it('logs a client that disconnects mid-request at debug, without a stack, and nothing at warn or above', async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  const t = await createTestApp({ MAIL_WORKER: '0', LOG_FORMAT: 'json' }, { logger: { level: 'debug', stream } });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    // A body announced at 1000 bytes, cut off after a few: a tab closed during an upload.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/login_check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":');
    await sleep(200);
    socket.destroy();
    const gone = () => lines.find((line) => /client disconnected/.test(String(line.msg)));
    for (let waited = 0; !gone() && waited < 5000; waited += 50) await sleep(50);
    expect(gone()).toMatchObject({ level: 20, code: 'ECONNRESET' });
    expect(JSON.stringify(gone())).not.toMatch(/stack|at .*\.js/);
    expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  } finally {
    await t.close();
  }
});
