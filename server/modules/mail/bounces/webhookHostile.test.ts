import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { Queryable } from '../../../db/db';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { makeDelivery, makeList, startSend } from '../../../testing/mailFixtures';

/**
 * Bounce webhooks under hostile input (issue 25): whatever the body, headers or size, in each
 * service's format, no answer is 5xx; and a SendGrid batch of 20,000 events is recorded in a
 * few statements whatever its size (services batch their events and retry a slow answer).
 */
const SECRET = 'webhook-hostile-secret-0123456789';
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0', BOUNCE_WEBHOOK_SECRET: SECRET, BOUNCE_SOFT_LIMIT: '2' });
  admin = await t.adminBearer();
});
afterAll(() => t.close());

/** A list of `count` contacts (contact-{n}@example.org) sent a message: their recipients are 'sent'. */
async function sentTo(count: number): Promise<{ sendId: number; contacts: { id: number; email: string }[] }> {
  const listId = await makeList(t, admin, count);
  const { id: sendId } = await startSend(t, admin, await makeDelivery(t, admin), listId);
  await t.db.query(`UPDATE mail_recipient SET status = 'sent', sent_at = now() WHERE send_id = $1`, [sendId]);
  const contacts = await t.db.query<{ id: number; email: string }>('SELECT id, email FROM grp_rcp WHERE grp_id = $1 ORDER BY id', [listId]);
  return { sendId, contacts };
}

// ---- what a hostile service (or someone holding its secret) sends ----

const nasty = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: false }),
  fc.constantFrom('\u0000', 'a\u0000@b.c', '\uD800@x.fr', '<send-99999999999.contact-1@x>', '<send-1.contact-2147483648@x>', '5.1.1', 'é'.repeat(3000), '', null, [], {}, 1e308, -1),
);
const email = fc.oneof(fc.emailAddress(), nasty, fc.constantFrom('contact-1@example.org', 'CONTACT-2@EXAMPLE.ORG'));
const messageId = fc.oneof(fc.constant('<send-1.contact-1@tgm.example>'), fc.string(), nasty);

const sesMessage = fc.record(
  {
    notificationType: fc.oneof(fc.constantFrom('Bounce', 'Complaint', 'Delivery'), nasty),
    eventType: fc.oneof(fc.constant('Bounce'), nasty),
    bounce: fc.oneof(
      fc.record(
        {
          bounceType: fc.oneof(fc.constantFrom('Permanent', 'Transient', 'Undetermined'), nasty),
          bounceSubType: nasty,
          bouncedRecipients: fc.oneof(
            fc.array(fc.oneof(fc.record({ emailAddress: email, status: nasty, diagnosticCode: nasty }, { requiredKeys: [] }), nasty), { maxLength: 5 }),
            nasty,
          ),
        },
        { requiredKeys: [] },
      ),
      nasty,
    ),
    mail: fc.oneof(fc.record({ commonHeaders: fc.oneof(fc.record({ messageId }, { requiredKeys: [] }), nasty) }, { requiredKeys: [] }), nasty),
  },
  { requiredKeys: [] },
);
const ses = fc.record(
  {
    Type: fc.oneof(fc.constantFrom('Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'), nasty),
    Message: fc.oneof(sesMessage.map((message) => JSON.stringify(message)), sesMessage, fc.string(), nasty),
    SubscribeURL: nasty,
  },
  { requiredKeys: [] },
);
const sendgridEvent = fc.oneof(
  fc.record(
    {
      event: fc.oneof(fc.constantFrom('bounce', 'deferred', 'delivered', 'open', 'dropped'), nasty),
      type: fc.oneof(fc.constantFrom('bounce', 'blocked'), nasty),
      email,
      reason: nasty,
      response: nasty,
      status: nasty,
      'smtp-id': messageId,
    },
    { requiredKeys: [] },
  ),
  nasty,
);
const sendgrid = fc.oneof(fc.array(sendgridEvent, { maxLength: 8 }), nasty);
const postmark = fc.oneof(
  fc.record(
    {
      RecordType: fc.oneof(fc.constant('Bounce'), nasty),
      Type: fc.oneof(fc.constantFrom('HardBounce', 'SoftBounce', 'Transient', 'Blocked', 'SpamComplaint'), nasty),
      Email: email,
      Details: nasty,
      Description: nasty,
      Content: fc.oneof(fc.string().map((id) => `Message-ID: <send-1.contact-1@x>${id}\r\n`), nasty),
    },
    { requiredKeys: [] },
  ),
  nasty,
);
const generic = fc.oneof(
  fc.record(
    {
      bounces: fc.oneof(
        fc.array(fc.oneof(fc.record({ email, type: fc.oneof(fc.constantFrom('hard', 'soft'), nasty), status: nasty, reason: nasty, messageId }, { requiredKeys: [] }), nasty), { maxLength: 6 }),
        nasty,
      ),
    },
    { requiredKeys: [] },
  ),
  nasty,
);

const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'text/plain; charset=UTF-8') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain; charset=latin1',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      '',
      'application/json; charset=utf-16',
    ),
  },
);
const authorization = fc.oneof(
  fc.constant(`Bearer ${SECRET}`),
  fc.constant(`Basic ${Buffer.from(`webhook:${SECRET}`).toString('base64')}`),
  fc.constantFrom('Basic !!!', 'Basic', 'Bearer', `Bearer ${SECRET}\u00e9`, 'Digest x'),
  fc.string({ maxLength: 40 }),
);
/** The body as sent: JSON of the value, or something that is not JSON at all. */
const serialised = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom('{"Type":', '[', '{"bounces":[{"email":"a@b.c","type":"hard"}', '\u0000', '{}'.repeat(1000), `${'['.repeat(5000)}${']'.repeat(5000)}`) },
  );

let calls = 0;
/** Each call from an address of its own: the route's rate limit is not what is tried here. */
const post = (service: string, body: string | Buffer, headers: Record<string, string>): Promise<LightMyRequestResponse> => {
  calls += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/bounces/${service}?token=${headers.token ?? ''}`,
    headers,
    payload: body,
    remoteAddress: `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`,
  });
};

describe('bounce webhooks under hostile input', () => {
  beforeAll(async () => {
    await sentTo(3);
  });

  it.each([
    ['ses', ses],
    ['sendgrid', sendgrid],
    ['postmark', postmark],
    ['generic', generic],
  ] as [string, fc.Arbitrary<unknown>][])('%s: no body or header answers 5xx', async (service, shape) => {
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(serialised(shape), contentType, authorization, fc.boolean(), async (body, type, auth, viaQuery) => {
        const headers: Record<string, string> = viaQuery ? { token: SECRET } : { authorization: auth };
        if (type) headers['content-type'] = type;
        const response = await post(service, body, headers);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) problems.push(`${type} ${body.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        return true;
      }),
      { numRuns: RUNS },
    );
    console.info(`${service}: ${[...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')}`);
    expect(problems).toEqual([]);
    // Most cases got through to the parsing (read, or refused naming a field), not refused at the door.
    expect((statuses.get(200) ?? 0) + (statuses.get(400) ?? 0)).toBeGreaterThan(RUNS / 4);
  });

  it('answers sizes above the limits with 413, and SES as text/plain of any size below them', async () => {
    const auth = { authorization: `Bearer ${SECRET}` };
    const huge = Buffer.alloc(11 * 1024 * 1024, 'a');
    expect((await post('generic', huge, { ...auth, 'content-type': 'application/json' })).statusCode).toBe(413);
    expect((await post('ses', Buffer.alloc(2 * 1024 * 1024, 'a'), { ...auth, 'content-type': 'text/plain' })).statusCode).toBe(413);
    const big = JSON.stringify({ Type: 'Notification', Message: JSON.stringify({ notificationType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: Array(3000).fill({ emailAddress: 'x'.repeat(200) }) } }) });
    expect((await post('ses', big, { ...auth, 'content-type': 'text/plain; charset=UTF-8' })).statusCode).toBe(200);
    expect((await post('sendgrid', '[]', { ...auth, 'content-type': 'application/json' })).json()).toEqual({ recorded: 0, unknown: 0 });
  });
});

it('records a SendGrid batch of 20,000 events in a few statements, whatever its size', async () => {
  // The hostile cases above may have bounced or reported contact-1 and contact-2 (their
  // addresses are among the generated ones): suppressed, a send would leave them out.
  await t.db.query("DELETE FROM suppression WHERE email IN ('contact-1@example.org', 'contact-2@example.org')");
  const { sendId, contacts } = await sentTo(2000);
  const events: Record<string, unknown>[] = [];
  const timestamp = 1_795_000_000;
  contacts.forEach((contact, i) => {
    const base = { email: contact.email, timestamp, 'smtp-id': `<send-${sendId}.contact-${contact.id}@tgm.example>`, sg_event_id: `e${i}`, sg_message_id: `m${i}` };
    for (const event of ['processed', 'delivered', 'open', 'click', 'open', 'processed', 'delivered'] as const) events.push({ ...base, event });
    if (i < 1000) events.push({ ...base, event: 'bounce', type: 'bounce', status: '5.1.1', reason: '550 5.1.1 The email account that you tried to reach does not exist' });
    else if (i < 1400) events.push({ ...base, event: 'bounce', type: 'blocked', status: '5.7.1', reason: '550 5.7.1 blocked' });
    else if (i < 1800) events.push({ ...base, event: 'deferred', response: '452 4.2.2 Mailbox full', attempt: '1' });
    else events.push({ ...base, event: 'open' }, { ...base, event: 'unsubscribe' }, { ...base, event: 'spamreport' });
  });
  while (events.length < 20_000) events.push({ email: 'someone-else@example.org', event: 'delivered', timestamp });
  expect(events).toHaveLength(20_000);

  // Every statement the webhook sends to the database, counted.
  let statements = 0;
  const { query, transaction } = t.db;
  const db = t.db as { query: typeof query; transaction: typeof transaction };
  db.query = ((sql: string, params?: unknown[]) => {
    statements += 1;
    return query.call(t.db, sql, params);
  }) as typeof query;
  db.transaction = ((work: (tx: Queryable) => Promise<unknown>) =>
    transaction.call(t.db, (tx) =>
      work({
        query: ((sql: string, params?: unknown[]) => {
          statements += 1;
          return tx.query(sql, params);
        }) as Queryable['query'],
      }),
    )) as typeof transaction;
  const started = Date.now();
  let response: LightMyRequestResponse;
  try {
    response = await post('sendgrid', JSON.stringify(events), { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' });
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  console.info(`20,000 SendGrid events (${(JSON.stringify(events).length / 1e6).toFixed(1)} MB): ${statements} statements, answered in ${Date.now() - started} ms`);
  expect(response.statusCode).toBe(200);
  // The 200 spam reports are complaints: recorded too, on the suppression list.
  expect(response.json()).toEqual({ recorded: 2000, unknown: 0 });
  expect(statements).toBeLessThanOrEqual(10);

  const kinds = await t.db.query<{ kind: string; rejected: boolean; n: number }>(
    'SELECT kind, rejected, count(*)::int AS n FROM mail_bounce WHERE send_id = $1 GROUP BY kind, rejected ORDER BY kind, rejected',
    [sendId],
  );
  expect(kinds).toEqual([
    { kind: 'hard', rejected: true, n: 1000 },
    { kind: 'soft', rejected: false, n: 800 },
  ]);
  const [{ rejected }] = await t.db.query<{ rejected: number }>(
    `SELECT count(*)::int AS rejected FROM grp_rcp WHERE id = ANY($1) AND status = 'rejeté'`,
    [contacts.map((contact) => contact.id)],
  );
  expect(rejected).toBe(1000);
  const [{ bounced }] = await t.db.query<{ bounced: number }>('SELECT bounced FROM mail_send WHERE id = $1', [sendId]);
  expect(bounced).toBe(1000);
  const reasons = await t.db.query<{ reason: string; n: number }>(
    'SELECT reason, count(*)::int AS n FROM suppression WHERE email = ANY($1) GROUP BY reason ORDER BY reason',
    [contacts.map((contact) => contact.email.toLowerCase())],
  );
  expect(reasons).toEqual([
    { reason: 'plainte', n: 200 },
    { reason: 'rejeté', n: 1000 },
  ]);
}, 240_000);
