import net from 'node:net';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { getSend, makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';

/**
 * A relay in front of the sink that can go silent: while silent it still accepts connections
 * and keeps those it has open, but passes nothing either way — the mail server that stops
 * answering without closing anything, which only timeouts get the client out of.
 */
async function startSilenceableRelay(target: number) {
  let silent = false;
  let silenced = new Set<object>();
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; frozen: boolean }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    const pair = { client, upstream, frozen: silent };
    pairs.add(pair);
    client.on('data', (chunk) => {
      if (!pair.frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!pair.frozen) client.write(chunk);
    });
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** Connections open now and new ones hear nothing more. */
    silence() {
      silent = true;
      silenced = new Set(pairs);
      for (const pair of pairs) pair.frozen = true;
    },
    /** New connections are answered again; the frozen ones stay frozen until the client drops them. */
    answer() {
      silent = false;
    },
    /** Connections that were open when it went silent and that the client still holds. */
    silencedOpen: () => [...pairs].filter((pair) => silenced.has(pair)).length,
    silencedCount: () => silenced.size,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) pair.client.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the mail server stops answering mid-send', () => {
  const TIMEOUT_MS = 400;
  let sink: SmtpSink;
  let relay: Awaited<ReturnType<typeof startSilenceableRelay>>;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink({ delayMs: 5 });
    relay = await startSilenceableRelay(sink.port);
    t = await createTestApp({
      SMTP_URL: relay.url,
      SMTP_TIMEOUT_MS: String(TIMEOUT_MS),
      SMTP_POOL_SIZE: '2',
      MAIL_BATCH_SIZE: '10',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_RETRY_MAX_MS: '400',
      MAIL_POLL_MS: '50',
    });
  });
  afterAll(async () => {
    await t.close();
    await relay.stop();
    await sink.stop();
  });

  it('drops the silent connections within SMTP_TIMEOUT_MS, then completes with none lost and none counted against a contact', async () => {
    const admin = await t.adminBearer();
    const { id, total } = await startSend(t, admin, await makeDelivery(t, admin), await makeList(t, admin, 80));
    await sink.waitForCount(20);
    relay.silence();
    // Silent long enough for every open connection to time out, and for new ones to time out too.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 4));
    const during = await getSend(t, admin, id);
    expect(during).toMatchObject({ status: 'running', failed: 0 });
    expect(during.pending).toBeGreaterThan(0);
    // The client gave up on the connections that went silent: none is left held open.
    expect(relay.silencedCount()).toBeGreaterThan(0);
    expect(relay.silencedOpen()).toBe(0);
    relay.answer();
    const done = await waitForSend(t, admin, id);
    expect(done).toMatchObject({ sent: total, failed: 0, pending: 0 });
    const received = new Set(sink.messages.flatMap((message) => message.to));
    expect(received.size).toBe(total);
    const counted = await t.db.query<{ attempts: number }>('SELECT attempts FROM mail_recipient WHERE send_id = $1 AND attempts > 0', [id]);
    expect(counted).toEqual([]);
    console.info(`silent relay: ${during.sent} sent before, ${done.sent} in all, ${sink.messages.length - total} sent twice`);
  });
});
