import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { makeDelivery, makeList, startSend, waitForSend } from '../../testing/mailFixtures';

const SECRET = 'webhook-secret-0123456789';
const PERSON = 'Erin.Effacee@Exemple.org';
const person = PERSON.toLowerCase();
const OTHER = 'olga.gardee@example.org';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tgm.example', MAIL_POLL_MS: '50', BOUNCE_WEBHOOK_SECRET: SECRET });
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Every form the address could take in a dump or a file. */
const forms = (address: string): string[] => {
  const all = new Set<string>();
  for (const a of [address, address.toLowerCase(), address.toUpperCase()]) {
    all.add(a);
    all.add(encodeURIComponent(a));
    all.add(Buffer.from(a).toString('base64').replace(/=+$/, ''));
  }
  return [...all];
};

/** Every row of every table of the schema, as JSON lines. */
async function dumpRows(): Promise<string> {
  const tables = await t.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const lines: string[] = [];
  for (const { name } of tables) {
    for (const row of await t.db.query<{ line: string }>(`SELECT row_to_json(x)::text AS line FROM "${name}" x`)) lines.push(`${name} ${row.line}`);
  }
  return lines.join('\n');
}

/** pg_dump --data-only of the test's schema, on PostgreSQL. */
const pgDump = (): string =>
  execFileSync('pg_dump', ['--data-only', '--schema', t.schemaName, process.env.TEST_DATABASE_URL!], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** The text of every file under DATA_DIR but the embedded database's own. */
function dataFiles(dir = t.config.dataDir): { file: string; text: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'pglite' ? [] : dataFiles(full);
    return entry.isFile() ? [{ file: full, text: fs.readFileSync(full, 'latin1') }] : [];
  });
}

const outboxFileOf = (address: string) =>
  dataFiles().find(({ file, text }) => file.includes(`${path.sep}outbox${path.sep}`) && text.toLowerCase().includes(`to: ${address.toLowerCase()}`));

const unfold = (text: string) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('erasing and exporting a person (issue 38)', () => {
  it('erases the person from every table and file, keeps the figures, and skips the address on a later import', async () => {
    // Two lists with fields; a tracked send, opened and clicked; a bounce; an automation step.
    const delId = await makeDelivery(t, admin, {
      html: '<html><body><p>Bonjour {{firstname}}</p><a href="https://shop.example/offre?qui={{email}}">Offre</a></body></html>',
      properties: { tracking: true },
    });
    const listA = await makeList(t, admin, [
      { email: PERSON, firstname: 'Erin', lastname: 'Effacée' },
      { email: OTHER, firstname: 'Olga', lastname: 'Gardée' },
    ]);
    const listB = await makeList(t, admin, [{ email: person, firstname: 'Erin', lastname: 'Deux' }]);
    const { id: sendId } = await startSend(t, admin, delId, listA);
    await waitForSend(t, admin, sendId);
    const eml = unfold(outboxFileOf(PERSON)!.text);
    const click = /https:\/\/tgm\.example(\/api\/t\/c\/[^"\s]+)"/.exec(eml)![1];
    const open = /https:\/\/tgm\.example(\/api\/t\/o\/[^"\s]+)"/.exec(eml)![1];
    expect((await t.app.inject({ url: click })).statusCode).toBe(302);
    expect((await t.app.inject({ url: open })).statusCode).toBe(200);
    const bounced = await t.app.inject({
      method: 'POST',
      url: '/api/bounces/generic',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ bounces: [{ email: person, type: 'soft', status: '4.2.2', reason: `Mailbox of ${person} full` }] }),
    });
    expect(bounced.statusCode).toBe(200);
    const [contactA] = await t.db.query<{ id: number; user_id: number }>('SELECT id, user_id FROM grp_rcp WHERE grp_id = $1 AND lower(email) = $2', [listA, person]);
    const [automation] = await t.db.query<{ id: number }>(
      `INSERT INTO automation (user_id, name, trigger) VALUES ($1, 'Bienvenue', jsonb_build_object('grp', $2::int)) RETURNING id`,
      [contactA.user_id, listA],
    );
    const [step] = await t.db.query<{ id: number }>(
      `INSERT INTO automation_step (automation_id, position, delivery_id, delay_minutes) VALUES ($1, 0, $2, 0) RETURNING id`,
      [automation.id, delId],
    );
    const [entry] = await t.db.query<{ id: number }>(
      `INSERT INTO automation_entry (automation_id, grp_rcp_id, entry_no) VALUES ($1, $2, 1) RETURNING id`,
      [automation.id, contactA.id],
    );
    await t.db.query(`INSERT INTO automation_message (automation_id, step_id, entry_id, grp_rcp_id, status, at) VALUES ($1, $2, $3, $4, 'skipped', now())`, [
      automation.id, step.id, entry.id, contactA.id,
    ]);
    // A visitor's space: a follow, a group, a rating, a note, a digest.
    const [visitor] = await t.db.query<{ id: number }>(
      `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name, digest) VALUES ($1, 'hash-erin', true, 'inscription', 'public', 'quotidien') RETURNING id`,
      [PERSON],
    );
    const [channel] = await t.db.query<{ id: number }>(`INSERT INTO channel (youtube_id, name) VALUES ('UCerasure0000000000000', 'Chaîne') RETURNING id`);
    await t.db.query(`INSERT INTO video (id, channel_id, title, published) VALUES ('vidErasure1', $1, 'Vidéo', now())`, [channel.id]);
    const [follows] = await t.db.query<{ id: number }>(`INSERT INTO creator_list (name, visitor_id) VALUES ('Mes suivis', $1) RETURNING id`, [visitor.id]);
    await t.db.query(`INSERT INTO creator_list_channel (list_id, channel_id) VALUES ($1, $2)`, [follows.id, channel.id]);
    const [group] = await t.db.query<{ id: number }>(`INSERT INTO visitor_group (visitor_id, name) VALUES ($1, 'Sciences') RETURNING id`, [visitor.id]);
    await t.db.query(`INSERT INTO visitor_group_channel (group_id, channel_id, position) VALUES ($1, $2, 0)`, [group.id, channel.id]);
    await t.db.query(`INSERT INTO visitor_note (visitor_id, video_id, at, text) VALUES ($1, 'vidErasure1', 12, 'Belle démonstration')`, [visitor.id]);
    for (const [email, rating] of [[PERSON, 5], ['autre@example.org', 3]] as const) {
      await t.db.query(
        `INSERT INTO video_rating (video_id, video_url, label, rating, email, recipient_id) VALUES ('vidErasure1', 'https://youtu.be/vidErasure1', 'Information', $1, $2, 1)`,
        [rating, email],
      );
    }
    await t.db.query(
      `INSERT INTO mail_message (kind, key, to_email, payload, status) VALUES ('visiteur-resume', 'resume-erin', $1, jsonb_build_object('visitor', $2::int), 'sent')`,
      [PERSON, visitor.id],
    );

    const before = {
      report: (await t.app.inject({ url: `/api/sends/${sendId}/report`, headers: admin })).json(),
      ratings: await t.db.query(`SELECT label, round(avg(rating), 2)::float8 AS average, count(*)::int AS count FROM video_rating WHERE video_id = 'vidErasure1' GROUP BY label`),
      step: await t.db.query(`SELECT count(*)::int AS n FROM automation_message WHERE step_id = $1`, [step.id]),
      audience: await t.db.query(`SELECT followers, digest_subscribers FROM audience_channel WHERE channel_id = $1`, [channel.id]),
    };
    expect(before.audience).toEqual([{ followers: 1, digest_subscribers: expect.any(Number) }]);

    // The export holds it all, under its keys.
    const exported = await t.app.inject({ url: `/api/personnes/export?email=${encodeURIComponent(PERSON)}`, headers: admin });
    expect(exported.statusCode).toBe(200);
    const whole = exported.json();
    expect(Object.keys(whole)).toEqual(['contacts', 'consentements', 'envois', 'ouvertures', 'clics', 'rejets', 'automatisations', 'visiteur']);
    expect(whole.contacts).toHaveLength(2);
    expect(whole.consentements.length).toBeGreaterThanOrEqual(2);
    expect(whole.envois.length).toBeGreaterThanOrEqual(2);
    expect(whole.ouvertures).toHaveLength(1);
    expect(whole.clics).toHaveLength(1);
    expect(whole.rejets).toHaveLength(1);
    expect(whole.automatisations).toHaveLength(1);
    expect(whole.visiteur).toMatchObject({ suivis: [expect.anything()], groupes: [expect.anything()], notes: [expect.anything()], evaluations: [expect.anything()] });

    // An operator who is not an admin learns nothing.
    expect((await t.call('POST', '/api/personnes/effacement', operator, { email: PERSON })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/personnes/export?email=${encodeURIComponent(PERSON)}`, headers: operator })).statusCode).toBe(403);

    const erased = await t.call('POST', '/api/personnes/effacement', admin, { email: PERSON });
    expect(erased.statusCode).toBe(200);
    const { tables } = erased.json();
    expect(tables).toMatchObject({ grp_rcp: 2, visitor: 1, creator_list: 1, visitor_group: 1, visitor_note: 1, video_rating: 1, mail_click: 1, mail_bounce: 1, automation_entry: 1 });
    expect(tables.mail_recipient).toBeGreaterThanOrEqual(1);
    expect(tables.mail_message).toBeGreaterThanOrEqual(1);
    expect(tables.outbox).toBeGreaterThanOrEqual(1);

    // The figures keep their numbers without the person.
    const report = (await t.app.inject({ url: `/api/sends/${sendId}/report`, headers: admin })).json();
    expect(report).toMatchObject({ total: before.report.total, sent: before.report.sent, opened: before.report.opened, clicked: before.report.clicked });
    const linkFigures = (links: { clicks: number; contacts: number }[]) => links.map(({ clicks, contacts }) => ({ clicks, contacts }));
    expect(linkFigures(report.links)).toEqual(linkFigures(before.report.links));
    expect(await t.db.query(`SELECT label, round(avg(rating), 2)::float8 AS average, count(*)::int AS count FROM video_rating WHERE video_id = 'vidErasure1' GROUP BY label`)).toEqual(before.ratings);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM automation_message WHERE step_id = $1`, [step.id])).toEqual(before.step);
    // The audience's trigger-kept counts stay right: the person no longer follows.
    expect(await t.db.query(`SELECT followers, digest_subscribers FROM audience_channel WHERE channel_id = $1`, [channel.id])).toEqual([{ followers: 0, digest_subscribers: 0 }]);

    // The address is nowhere, in any form, but as its keyed hash; the other contact stays.
    const dump = await dumpRows();
    expect(dump).toContain(OTHER);
    expect(dump).toMatch(/hmac-sha256:[0-9a-f]{64}/);
    const dumps = [dump, ...(process.env.TEST_DATABASE_URL ? [pgDump()] : [])];
    for (const text of dumps) expect(text).toContain(OTHER);
    for (const text of [...dumps, ...dataFiles().map((f) => `${f.file}\n${f.text}`)]) {
      for (const form of forms(PERSON)) expect(text.includes(form) ? `${form} in ${text.slice(Math.max(0, text.indexOf(form) - 300), text.indexOf(form) + 100)}` : null).toBeNull();
    }

    // A later import or an operator's addition is recognised and skipped; an unknown address answers the same shape.
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/grps/${listB}/import`,
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: `email;firstname\n${PERSON};Erin\nnouvelle@example.org;Nina\n`,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ added: 1, suppressed: 1 });
    expect((await t.call('POST', '/api/grp_rcps', admin, { email: person, grp: listA })).statusCode).toBe(409);
    expect(await t.db.query('SELECT id FROM grp_rcp WHERE lower(email) = $1', [person])).toEqual([]);

    const unknown = await t.call('POST', '/api/personnes/effacement', admin, { email: 'personne.inconnue@example.org' });
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json().tables).sort()).toEqual(Object.keys(tables).sort());
    expect(Object.values(unknown.json().tables).every((n) => n === 0)).toBe(true);
    const none = await t.app.inject({ url: '/api/personnes/export?email=personne.inconnue%40example.org', headers: admin });
    expect(none.statusCode).toBe(200);
    expect(Object.keys(none.json())).toEqual(Object.keys(whole));
    expect(none.json()).toMatchObject({ contacts: [], consentements: [], envois: [], clics: [], visiteur: null });

    // The trail: the erasure and the exports, the address as its hash only.
    const audit = await t.app.inject({ url: '/api/audit?action=person.erased', headers: admin });
    expect(audit.statusCode).toBe(200);
    expect(audit.json()['hydra:member'][0]).toMatchObject({ action: 'person.erased', subject: expect.stringMatching(/^hmac-sha256:/) });
    expect(audit.body).not.toContain(person);
  }, 120_000);
});
