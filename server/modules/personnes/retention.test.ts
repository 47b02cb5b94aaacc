import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { makeDelivery, makeList, startSend, waitForSend } from '../../testing/mailFixtures';
import { runRetention } from './retention';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tgm.example', MAIL_POLL_MS: '50', TRACKING_RETENTION_DAYS: '395', OUTBOX_RETENTION_DAYS: '30' });
  admin = await t.adminBearer();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const unfold = (text: string) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const DAY_MS = 24 * 60 * 60 * 1000;

describe('retention (issue 38)', () => {
  it('unlinks opens and clicks past TRACKING_RETENTION_DAYS (the counts stay), removes old outbox files, once a day across runs', async () => {
    const delId = await makeDelivery(t, admin, { html: '<html><body><a href="https://shop.example/offre">Offre</a></body></html>', properties: { tracking: true } });
    const listId = await makeList(t, admin, [{ email: 'ancien@example.org' }, { email: 'recent@example.org' }]);
    const { id: sendId } = await startSend(t, admin, delId, listId);
    await waitForSend(t, admin, sendId);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    for (const name of files) {
      const eml = unfold(fs.readFileSync(path.join(outbox, name), 'utf8'));
      expect((await t.app.inject({ url: /https:\/\/tgm\.example(\/api\/t\/c\/[^"\s]+)"/.exec(eml)![1] })).statusCode).toBe(302);
      expect((await t.app.inject({ url: /https:\/\/tgm\.example(\/api\/t\/o\/[^"\s]+)"/.exec(eml)![1] })).statusCode).toBe(200);
    }
    // One contact's tracking and one file are older than their retention.
    const [old] = await t.db.query<{ id: number }>(`SELECT id FROM grp_rcp WHERE email = 'ancien@example.org'`);
    await t.db.query(`UPDATE mail_click SET first_at = now() - interval '400 days', last_at = now() - interval '400 days' WHERE contact_id = $1`, [old.id]);
    await t.db.query(
      `UPDATE mail_recipient SET opened_at = now() - interval '400 days', last_opened_at = now() - interval '400 days',
         clicked_at = now() - interval '400 days', last_clicked_at = now() - interval '400 days' WHERE contact_id = $1`,
      [old.id],
    );
    const stale = new Date(Date.now() - 31 * DAY_MS);
    fs.utimesSync(path.join(outbox, files[0]), stale, stale);
    const report = async () => (await t.app.inject({ url: `/api/sends/${sendId}/report`, headers: admin })).json();
    const before = await report();

    // The start's run already happened: the next is a day later.
    await t.db.query('UPDATE personne_retention SET last_at = NULL');
    const runs = await Promise.all([runRetention(t.db, t.config), runRetention(t.db, t.config)]);
    expect(runs.filter((run) => run !== null)).toEqual([{ opens: 1, clicks: 1, outboxFiles: 1 }]);
    expect(await runRetention(t.db, t.config)).toBeNull();
    expect(await runRetention(t.db, t.config, new Date(Date.now() + DAY_MS + 1000))).toEqual({ opens: 0, clicks: 0, outboxFiles: 0 });

    expect(await t.db.query('SELECT contact_id FROM mail_click WHERE contact_id = $1', [old.id])).toEqual([]);
    expect(fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'))).toEqual([files[1]]);
    const after = await report();
    expect(after).toMatchObject({ opened: before.opened, clicked: before.clicked, total: before.total });
    expect(after.links.map((l: { clicks: number; contacts: number }) => [l.clicks, l.contacts])).toEqual(before.links.map((l: { clicks: number; contacts: number }) => [l.clicks, l.contacts]));
  }, 120_000);
});
