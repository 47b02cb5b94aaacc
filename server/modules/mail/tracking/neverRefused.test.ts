import { createTestApp, type TestApp } from '../../../testing/testApp';
import { makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';
import { loadLinkSecret, mailTokens, unsubscribeTokens } from '.';

/**
 * What works is never refused, whatever the rate from one address (mailbox providers send
 * one-click POSTs and fetch images from shared addresses); only failing requests are limited
 * (issue 22 item 8, issue 25 item 4).
 */
let t: TestApp;
let admin: { authorization: string };
const SHARED = '198.51.100.77';

beforeAll(async () => {
  t = await createTestApp({ MAIL_POLL_MS: '50', PUBLIC_READ_RATE_LIMIT: '5' });
  admin = await t.adminBearer();
});
afterAll(() => t.close());

const oneClick = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/unsubscribe/${token}`,
    remoteAddress: SHARED,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

it('100 genuine one-click POSTs from one address all unsubscribe; junk tokens from it are limited, genuine ones still pass', async () => {
  const listId = await makeList(t, admin, 101);
  const contacts = await t.db.query<{ id: number }>('SELECT id FROM grp_rcp WHERE grp_id = $1 ORDER BY id', [listId]);
  const tokens = unsubscribeTokens(await loadLinkSecret(t.db));
  const statuses: number[] = [];
  for (const { id } of contacts.slice(0, 100)) statuses.push((await oneClick(tokens.sign(id))).statusCode);
  expect(statuses).toEqual(Array(100).fill(200));
  const [{ unsubscribed }] = await t.db.query<{ unsubscribed: number }>(
    `SELECT count(*)::int AS unsubscribed FROM grp_rcp WHERE grp_id = $1 AND status = 'désabonné' AND actif = 0`,
    [listId],
  );
  expect(unsubscribed).toBe(100);

  const junk: number[] = [];
  for (let i = 0; i < 35; i += 1) junk.push((await oneClick(`${i + 1}.${'A'.repeat(24)}`)).statusCode);
  expect(junk.slice(0, 30)).toEqual(Array(30).fill(404));
  expect(junk.slice(30)).toEqual(Array(5).fill(429));
  // The address spent its budget of failures: a genuine request from it still goes through.
  expect((await oneClick(tokens.sign(contacts[100].id))).statusCode).toBe(200);
  const [last] = await t.db.query<{ status: string }>('SELECT status FROM grp_rcp WHERE id = $1', [contacts[100].id]);
  expect(last.status).toBe('désabonné');
});

it('counts every open and click of a signed token whatever the rate from one address; invalid tokens are limited', async () => {
  const delId = await makeDelivery(t, admin, { html: '<html><body><a href="https://exemple.fr/a">a</a></body></html>', properties: { tracking: true } });
  const listId = await makeList(t, admin, [{ email: 'proxy-images@example.org', firstname: 'Gil' }]);
  const send = await startSend(t, admin, delId, listId);
  await waitForSend(t, admin, send.id);
  const [{ contactId }] = await t.db.query<{ contactId: number }>(
    'SELECT contact_id AS "contactId" FROM mail_recipient WHERE send_id = $1',
    [send.id],
  );
  const [{ linkId }] = await t.db.query<{ linkId: number }>('SELECT id AS "linkId" FROM mail_link WHERE send_id = $1', [send.id]);
  const keys = mailTokens(await loadLinkSecret(t.db));
  const ref = { sendId: send.id, contactId };
  const get = (url: string) => t.app.inject({ url, remoteAddress: SHARED });

  const opens: number[] = [];
  const clicks: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    opens.push((await get(`/api/t/o/${keys.open.sign(ref)}.gif`)).statusCode);
    clicks.push((await get(`/api/t/c/${keys.click.sign(ref, linkId)}`)).statusCode);
  }
  expect(opens).toEqual(Array(20).fill(200));
  expect(clicks).toEqual(Array(20).fill(302));

  const badOpens: number[] = [];
  const badClicks: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    badOpens.push((await get(`/api/t/o/${send.id}.${contactId}.${'A'.repeat(22)}.gif`)).statusCode);
    badClicks.push((await get(`/api/t/c/${send.id}.${contactId}.${linkId}.${'A'.repeat(22)}`)).statusCode);
  }
  expect(badOpens).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  expect(badClicks).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
  expect((await get(`/api/t/o/${keys.open.sign(ref)}.gif`)).statusCode).toBe(200);
  expect((await get(`/api/t/c/${keys.click.sign(ref, linkId)}`)).statusCode).toBe(302);

  const [row] = await t.db.query<{ opens: number; clicks: number }>(
    'SELECT opens, clicks FROM mail_recipient WHERE send_id = $1 AND contact_id = $2',
    [send.id, contactId],
  );
  // Each click counts an open only when none was seen yet: the opens are the images'.
  expect(row).toEqual({ opens: 21, clicks: 21 });
});
