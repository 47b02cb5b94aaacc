import { loadConfig } from '../../../config';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { getSend, makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';
import { composeMessage } from '../compose';
import { createMailTransport } from './transport';
import { reclaimStale } from './recipients';
import { SendWorker } from './worker';

const settings = {
  MAIL_RETRY_BASE_MS: '100',
  MAIL_RETRY_MAX_MS: '400',
  MAIL_POLL_MS: '50',
  MAIL_BATCH_SIZE: '10',
  SMTP_POOL_SIZE: '2',
};

/** Each contact's messages, by address. */
const perContact = (sink: SmtpSink) => {
  const counts = new Map<string, number>();
  for (const message of sink.messages) for (const to of message.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
};

describe('the mail server goes away mid-send', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink({ delayMs: 5 });
    t = await createTestApp({ ...settings, SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('refusing connections for a while: every contact gets exactly one message, none is marked failed', async () => {
    const admin = await t.adminBearer();
    const { id, total } = await startSend(t, admin, await makeDelivery(t, admin), await makeList(t, admin, 120));
    await sink.waitForCount(30);
    await sink.down();
    const outage = Date.now();
    // While the server is away, nothing fails: the rest waits.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const during = await getSend(t, admin, id);
    expect(during).toMatchObject({ status: 'running', failed: 0 });
    expect(during.pending).toBeGreaterThan(0);
    await sink.up();
    const done = await waitForSend(t, admin, id);
    console.info(`outage of ${Date.now() - outage} ms; ${during.sent} sent before, ${done.sent} in all`);
    expect(done).toMatchObject({ sent: total, failed: 0, pending: 0 });
    const counts = perContact(sink);
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('several workers share one queue (FOR UPDATE SKIP LOCKED)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let config: ReturnType<typeof loadConfig>;
  const sentBy = new Map<string, number>();

  beforeAll(async () => {
    sink = await startSmtpSink({ delayMs: 2 });
    t = await createTestApp({ ...settings, SMTP_URL: sink.url, MAIL_WORKER: '0' });
    config = loadConfig({ ...settings, SMTP_URL: sink.url, LOG_LEVEL: 'silent' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });
  beforeEach(() => sink.messages.splice(0));

  /** A worker as another server process would run it, with its own transport. */
  const newWorker = () => {
    const transport = createMailTransport(config);
    const worker: SendWorker = new SendWorker({
      db: t.db,
      transport,
      settings: config.mail,
      log: t.app.log,
      compose: (content, job) => {
        sentBy.set(worker.id, (sentBy.get(worker.id) ?? 0) + 1);
        return composeMessage(content, job, {
          from: config.mail.from,
          messageId: `<${job.id}@test>`,
          unsubscribeUrl: 'http://x/u',
        });
      },
      composeMessage: async () => null,
    });
    return { worker, transport };
  };

  it('stops cleanly mid-send: what went out is recorded, the rest waits for the next worker', async () => {
    const admin = await t.adminBearer();
    const { id } = await startSend(t, admin, await makeDelivery(t, admin), await makeList(t, admin, 200));
    const first = newWorker();
    await first.worker.start({ exclusive: false });
    await sink.waitForCount(40);
    await first.worker.stop();
    first.transport.close();
    const stopped = await getSend(t, admin, id);
    const [{ claimed, workers }] = await t.db.query<{ claimed: number; workers: number }>(
      `SELECT (SELECT count(*)::int FROM mail_recipient WHERE send_id = $1 AND status = 'sending') AS claimed,
              (SELECT count(*)::int FROM mail_worker) AS workers`,
      [id],
    );
    expect({ claimed, workers }).toEqual({ claimed: 0, workers: 0 });
    expect(stopped.sent).toBe(sink.messages.length);
    expect(stopped.pending).toBe(200 - stopped.sent);

    const second = newWorker();
    await second.worker.start({ exclusive: false });
    expect(await waitForSend(t, admin, id)).toMatchObject({ sent: 200, status: 'completed' });
    await second.worker.stop();
    second.transport.close();
    expect(perContact(sink).size).toBe(200);
    expect(sink.messages).toHaveLength(200);
  });

  it('sends each contact one message, whichever worker claims it', async () => {
    const admin = await t.adminBearer();
    const { id } = await startSend(t, admin, await makeDelivery(t, admin), await makeList(t, admin, 300));
    sentBy.clear();
    const workers = [1, 2, 3].map(newWorker);
    await Promise.all(workers.map(({ worker }) => worker.start({ exclusive: false })));
    const done = await waitForSend(t, admin, id);
    for (const { worker, transport } of workers) {
      await worker.stop();
      transport.close();
    }
    expect(done).toMatchObject({ sent: 300, failed: 0 });
    const counts = perContact(sink);
    expect(counts.size).toBe(300);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    console.info(`messages by worker: ${[...sentBy.values()].join(', ')}`);
    expect([...sentBy.values()].reduce((a, b) => a + b, 0)).toBe(300);
  });

  it("frees a dead worker's claims once its heartbeat is stale, and not before", async () => {
    const admin = await t.adminBearer();
    const { id } = await startSend(t, admin, await makeDelivery(t, admin), await makeList(t, admin, 3));
    await t.db.query(
      `INSERT INTO mail_worker (id, heartbeat_at) VALUES ('alive', now()), ('dead', now() - interval '1 minute')`,
    );
    await t.db.query(
      `UPDATE mail_recipient SET status = 'sending', claimed_by = CASE WHEN id = (SELECT min(id) FROM mail_recipient WHERE send_id = $1) THEN 'alive' ELSE 'dead' END WHERE send_id = $1`,
      [id],
    );
    expect(await reclaimStale(t.db)).toBe(2);
    const states = await t.db.query<{ status: string; claimed_by: string | null }>(
      'SELECT status, claimed_by FROM mail_recipient WHERE send_id = $1 ORDER BY id',
      [id],
    );
    expect(states).toEqual([
      { status: 'sending', claimed_by: 'alive' },
      { status: 'pending', claimed_by: null },
      { status: 'pending', claimed_by: null },
    ]);
  });
});
