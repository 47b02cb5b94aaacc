import { makeDelivery, makeList } from '../../testing/mailFixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { newVisitor } from '../../testing/visitorCalls';
import { importSubscriptions } from '../visitors/subscriptionsImport';
import { startReceiver, validSignature } from '../../testing/webhookReceiver';
import { isPrivateAddress } from './addressGuard';
import { deliverDue, purgeOldDeliveries, RETRY_DELAYS_SECONDS } from './delivery';
import { emitEvent, eraseWebhookData, WEBHOOK_EVENTS } from '.';

/**
 * Outgoing webhooks (issue 39, item 6). The queue's clock is injected (`deliverDue(db, {now})`)
 * and the apps run no worker of their own (MAIL_WORKER=0), so that a receiver down for ten
 * minutes costs no real wait. On PostgreSQL the second app joins the first one's schema: two
 * processes on one database; the embedded engine has one process, whose two passes run at once.
 */
jest.setTimeout(120_000);

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const env = { WEBHOOKS_ALLOW_PRIVATE: '1', MAIL_WORKER: '0' };

let first: TestApp;
let second: TestApp;
let admin: { authorization: string };
let receiver: Receiver;

beforeAll(async () => {
  first = await createTestApp(env);
  second = process.env.TEST_DATABASE_URL ? await createTestApp(env, { schema: first.schemaName }) : first;
  admin = await first.adminBearer();
  receiver = await startReceiver();
});
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
  await receiver?.close();
});

const create = (payload: unknown, headers = admin, t = first) => t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: payload as object });

describe('the address guard', () => {
  it('tells private, loopback, link-local and reserved addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('refuses, without WEBHOOKS_ALLOW_PRIVATE, URLs that are or resolve to private addresses, naming the field in French', async () => {
    const strict = await createTestApp({ MAIL_WORKER: '0' });
    try {
      const headers = await strict.adminBearer();
      for (const url of ['http://127.0.0.1:8080/x', 'http://[::1]/x', 'http://169.254.169.254/latest', 'http://10.0.0.7/', 'http://localhost/hook', 'ftp://example.org/']) {
        const answer = await create({ url, events: ['contact.ajouté'] }, headers, strict);
        expect([url, answer.statusCode]).toEqual([url, 400]);
        expect(answer.json()).toMatchObject({ field: 'url' });
        expect(answer.json().message).toMatch(/url/);
      }
      expect((await strict.db.query('SELECT id FROM webhook')).length).toBe(0);
    } finally {
      await strict.close();
    }
  });
});

describe('/api/webhooks', () => {
  it('creates a webhook, shows its secret once, lists, patches and deletes it; only admins', async () => {
    const created = await create({ url: receiver.url, events: ['contact.ajouté', 'envoi.terminé'] });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ '@type': 'Webhook', url: receiver.url, events: ['contact.ajouté', 'envoi.terminé'], active: true });
    expect(body.secret).toMatch(/^whsec_[\w-]{32}$/);
    const read = (await first.app.inject({ url: `/api/webhooks/${body.id}`, headers: admin })).json();
    expect(read.secret).toBeUndefined();
    const list = (await first.app.inject({ url: '/api/webhooks', headers: admin })).json();
    expect(list['hydra:member'].map((w: { id: number }) => w.id)).toContain(body.id);
    expect(JSON.stringify(list)).not.toContain(body.secret);

    const patched = await first.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${body.id}`,
      headers: { ...admin, 'content-type': 'application/merge-patch+json' },
      payload: { active: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ active: false, events: ['contact.ajouté', 'envoi.terminé'] });

    const operator = await first.operatorBearer();
    expect((await first.app.inject({ url: '/api/webhooks', headers: operator })).statusCode).toBe(403);
    expect((await create({ url: receiver.url, events: ['contact.ajouté'] }, operator)).statusCode).toBe(403);
    expect((await first.app.inject({ url: '/api/webhooks' })).statusCode).toBe(401);

    expect((await first.app.inject({ method: 'DELETE', url: `/api/webhooks/${body.id}`, headers: admin })).statusCode).toBe(204);
    expect((await first.app.inject({ url: `/api/webhooks/${body.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('refuses an unknown event or an empty list with a 400 naming events', async () => {
    for (const events of [['contact.inconnu'], [], 'contact.ajouté']) {
      const answer = await create({ url: receiver.url, events });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/events/);
    }
  });
});

describe('deliveries', () => {
  it('a receiver down for ten minutes, then up, gets every event once with a valid signature, the same id on every try', async () => {
    receiver.received.length = 0;
    const { id: webhookId, secret } = (await create({ url: receiver.url, events: [...WEBHOOK_EVENTS] })).json();
    const start = Date.now();
    // A contact added through the API (the consent log's trigger), one unsubscribing, and every other event.
    const operator = await first.operatorBearer();
    const listId = (await first.app.inject({ method: 'POST', url: '/api/grps', headers: operator, payload: { subject: 'Webhooks' } })).json().id;
    const contact = await first.app.inject({ method: 'POST', url: '/api/grp_rcps', headers: operator, payload: { email: 'Alice@Example.org', grp: listId } });
    expect(contact.statusCode).toBe(201);
    await first.db.query(`UPDATE grp_rcp SET status = 'désabonné' WHERE id = $1`, [contact.json().id]);
    await first.db.transaction(async (tx) => {
      for (const type of ['contact.confirmé', 'contact.rejeté', 'envoi.terminé', 'visiteur.abonné'] as const) await emitEvent(tx, type, { test: type });
    });
    const queued = await first.db.query<{ event_id: string; type: string }>('SELECT event_id, type FROM webhook_delivery WHERE webhook_id = $1', [webhookId]);
    expect(queued.map((row) => row.type).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const added = queued.find((row) => row.type === 'contact.ajouté')!;

    // Down: every pass at 15-second steps for ten minutes fails; both apps pass at once.
    receiver.setDown(true);
    const at = (seconds: number) => new Date(start + seconds * 1000);
    const pass = (seconds: number) =>
      Promise.all([first, second].map((t) => deliverDue(t.db, { now: at(seconds), allowPrivate: true })));
    for (let s = 0; s < 600; s += 15) await pass(s);
    const whileDown = receiver.received.filter((r) => r.body.id === added.event_id);
    // The first try, then the first two retries within two minutes.
    expect(whileDown.length).toBeGreaterThanOrEqual(3);
    const times = whileDown.map((r) => Number(/t=(\d+)/.exec(r.signature)![1]));
    expect(times[2] - times[0]).toBeLessThanOrEqual(120 + 15);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[0]);
    expect(receiver.received.every((r) => !r.accepted)).toBe(true);

    // Up: passes for the next half-hour deliver everything.
    receiver.setDown(false);
    for (let s = 600; s <= 2400; s += 15) await pass(s);
    const accepted = receiver.received.filter((r) => r.accepted);
    const ids = queued.map((row) => row.event_id).sort();
    expect([...new Set(accepted.map((r) => r.body.id))].sort()).toEqual(ids);
    // Every try of an event carried its id and type; duplicates only with the same id and body.
    for (const r of receiver.received) {
      expect(validSignature(r.signature, r.raw, secret)).toBe(true);
      const row = queued.find((q) => q.event_id === r.body.id)!;
      expect(r.body.type).toBe(row.type);
      expect(Object.keys(r.body).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    }
    expect(accepted).toHaveLength(ids.length);
    const alice = accepted.find((r) => r.body.type === 'contact.ajouté')!;
    expect(alice.body.data).toMatchObject({ contactId: contact.json().id, listId, email: 'alice@example.org' });
    expect(validSignature(alice.signature, alice.raw, 'whsec_not-the-secret')).toBe(false);
    const rows = await first.db.query<{ status: string; last_status: number }>('SELECT status, last_status FROM webhook_delivery WHERE webhook_id = $1', [webhookId]);
    expect(rows.every((row) => row.status === 'delivered' && row.last_status === 204)).toBe(true);

    // The console's list shows the answers; "Renvoyer" sends the same event again, with its id.
    const deliveries = (await first.app.inject({ url: `/api/webhooks/${webhookId}/deliveries`, headers: admin })).json();
    expect(deliveries['hydra:totalItems']).toBe(6);
    const one = deliveries['hydra:member'][0];
    expect(one).toMatchObject({ status: 'delivered', lastStatus: 204 });
    const resend = await first.app.inject({ method: 'POST', url: `/api/webhooks/${webhookId}/deliveries/${one.id}/resend`, headers: admin });
    expect(resend.statusCode).toBe(202);
    await deliverDue(second.db, { now: new Date(Date.now() + 1000), allowPrivate: true });
    expect(receiver.received.at(-1)!.body.id).toBe(one.eventId);

    // Done deliveries go after 30 days; younger ones and pending ones stay.
    await first.db.query(`UPDATE webhook_delivery SET created_at = now() - interval '31 days' WHERE webhook_id = $1 AND type = 'visiteur.abonné'`, [webhookId]);
    expect(await purgeOldDeliveries(first.db)).toBe(1);
    expect(await first.db.query('SELECT id FROM webhook_delivery WHERE webhook_id = $1', [webhookId])).toHaveLength(5);

    // Erasure takes the address out of the stored deliveries (the contact's two events).
    expect(await first.db.transaction((tx) => eraseWebhookData(tx, 'ALICE@example.org'))).toBe(2);
    const left = await first.db.query(`SELECT id FROM webhook_delivery WHERE data::text LIKE '%alice@example.org%'`);
    expect(left).toHaveLength(0);
    await first.app.inject({ method: 'DELETE', url: `/api/webhooks/${webhookId}`, headers: admin });
  });

  it('checks the address again at delivery: a webhook whose host became private fails without a request', async () => {
    const { id } = (await create({ url: receiver.url, events: ['envoi.terminé'] })).json();
    await first.db.transaction((tx) => emitEvent(tx, 'envoi.terminé', { sendId: 1 }));
    const before = receiver.received.length;
    await deliverDue(first.db, { now: new Date(Date.now() + 1000), allowPrivate: false });
    expect(receiver.received.length).toBe(before);
    const [row] = await first.db.query<{ status: string; last_error: string; attempts: number }>(
      'SELECT status, last_error, attempts FROM webhook_delivery WHERE webhook_id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('privées');
    await first.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: admin });
  });

  it('queues envoi.terminé when a send ends and visiteur.abonné when a visitor follows a new channel, in the same transaction', async () => {
    const { id } = (await create({ url: receiver.url, events: ['envoi.terminé', 'visiteur.abonné'] })).json();
    const eventsOf = async () =>
      first.db.query<{ type: string; data: Record<string, unknown> }>('SELECT type, data FROM webhook_delivery WHERE webhook_id = $1 ORDER BY id', [id]);

    // A send to a list without contacts ends at once.
    const delivery = await makeDelivery(first, admin);
    const list = await makeList(first, admin, 0);
    const started = await first.app.inject({ method: 'POST', url: '/api/sendEmail', headers: admin, payload: { delId: delivery, listId: list } });
    expect(started.statusCode).toBe(202);
    expect(await eventsOf()).toEqual([{ type: 'envoi.terminé', data: expect.objectContaining({ sendId: started.json().id, listId: list, total: 0 }) }]);

    const channel = 'UCwebhookfollow000000001';
    await first.db.query("INSERT INTO channel (youtube_id, name, theme) VALUES ($1, 'Chaîne suivie', 'TGM')", [channel]);
    const visitor = await newVisitor(first.app, 'suiveur-webhook@example.org', 'SuiviWebhook');
    for (let n = 0; n < 2; n += 1) {
      const followed = await first.app.inject({ method: 'POST', url: '/api/visitor/follow', headers: visitor, payload: { chaine: channel } });
      expect(followed.statusCode).toBe(200);
    }
    const events = await eventsOf();
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({ type: 'visiteur.abonné', data: expect.objectContaining({ channelId: channel }) });
    expect(JSON.stringify(events[1].data)).not.toContain('suiveur-webhook');

    // A subscriptions file follows many at once: one event for each channel newly followed.
    const imported = 'UCwebhookimport000000001';
    await first.db.query("INSERT INTO channel (youtube_id, name, theme) VALUES ($1, 'Chaîne importée', 'TGM')", [imported]);
    const [{ visitorId, listId }] = await first.db.query<{ visitorId: number; listId: number }>(
      `SELECT l.visitor_id AS "visitorId", l.id AS "listId" FROM creator_list l JOIN visitor v ON v.id = l.visitor_id WHERE v.email = 'suiveur-webhook@example.org'`,
    );
    const file = { format: 'opml' as const, entries: [channel, imported].map((channelId) => ({ channelId, name: null })), groups: [], plusTard: [], masquees: [] };
    await importSubscriptions(first.db, visitorId, listId, file);
    const after = await eventsOf();
    expect(after).toHaveLength(3);
    expect(after[2]).toEqual({ type: 'visiteur.abonné', data: { visitorId, listId, channelId: imported } });
    await first.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: admin });
  });
});

describe('the worker of a process that sends mail', () => {
  it('delivers on the wall clock, soon after the event', async () => {
    const live = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: '1' });
    try {
      const headers = await live.adminBearer();
      const before = receiver.received.length;
      const { secret } = (await create({ url: receiver.url, events: ['envoi.terminé'] }, headers, live)).json();
      await live.db.transaction((tx) => emitEvent(tx, 'envoi.terminé', { sendId: 42 }));
      const deadline = Date.now() + 20_000;
      while (receiver.received.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const [got] = receiver.received.slice(before);
      expect(got?.body).toMatchObject({ type: 'envoi.terminé', data: { sendId: 42 } });
      expect(validSignature(got.signature, got.raw, secret)).toBe(true);
    } finally {
      await live.close();
    }
  });
});
