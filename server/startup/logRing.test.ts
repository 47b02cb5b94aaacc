import { createLogRing, feedingRing, maskLogLine } from './logRing';

const line = (reqId: string, msg: string, level = 30) => `${JSON.stringify({ level, reqId, msg })}\n`;

it('answers the lines of the asked request ids, oldest first', () => {
  const ring = createLogRing();
  ring.stream.write(line('a', 'one'));
  ring.stream.write(line('b', 'two'));
  ring.stream.write(line('a', 'three'));
  ring.stream.write('{"level":30,"msg":"no request"}\n');
  expect(ring.linesOf(['a']).map((text) => JSON.parse(text).msg)).toEqual(['one', 'three']);
  expect(ring.linesOf([])).toEqual([]);
  expect(ring.size().lines).toBe(3);
});

it('forgets the oldest lines past its number of lines or bytes', () => {
  const byLines = createLogRing({ maxLines: 100, maxBytes: 1e9 });
  for (let i = 0; i < 5000; i += 1) byLines.stream.write(line(`r${i}`, 'x'));
  expect(byLines.size().lines).toBe(100);
  expect(byLines.linesOf(['r4899'])).toEqual([]);
  expect(byLines.linesOf(['r4900', 'r4999'])).toHaveLength(2);

  const byBytes = createLogRing({ maxLines: 1e9, maxBytes: 10_000 });
  for (let i = 0; i < 5000; i += 1) byBytes.stream.write(line(`r${i}`, 'y'.repeat(100)));
  expect(byBytes.size().bytes).toBeLessThanOrEqual(10_000);
  expect(byBytes.linesOf(['r4999'])).toHaveLength(1);
});

it('masks credentials, secret values and e-mail addresses when read', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl';
  const raw = JSON.stringify({
    reqId: 'r',
    msg: `GET /api/x?token=abc123&page=2 for lea@example.org with Bearer ${jwt}`,
    headers: { authorization: 'Basic dXNlcjpwYXNz' },
    password: 'hunter2-secret',
  });
  const masked = maskLogLine(raw);
  for (const secret of ['abc123', 'lea@example.org', jwt, 'dXNlcjpwYXNz', 'hunter2-secret']) expect(masked).not.toContain(secret);
  expect(masked).toContain('page=2');
  expect(JSON.parse(masked).password).toBe('[redacted]');
});

it('feeds the ring with request lines from info up, the output keeping LOG_LEVEL for them', () => {
  const ring = createLogRing();
  const written: string[] = [];
  const options = feedingRing({ level: 'warn', stream: { write: (text: string) => written.push(text) } }, ring);
  options.stream.write(line('a', 'info line', 30));
  options.stream.write(line('a', 'warn line', 40));
  options.stream.write(line('a', 'debug line', 20));
  // A line of no request passed the logger's own level (start-up lines are at info): it is written.
  options.stream.write('{"level":30,"msg":"is ready"}\n');
  expect(written.map((text) => JSON.parse(text).msg)).toEqual(['warn line', 'is ready']);
  expect(ring.linesOf(['a']).map((text) => JSON.parse(text).msg)).toEqual(['info line', 'warn line']);
});
