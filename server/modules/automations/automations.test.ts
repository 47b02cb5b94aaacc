import { createTestApp, userIdOf, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { makeDelivery, makeList } from '../../testing/mailFixtures';
import { runAutomations } from './runner';
import { nextAllowed } from './schedule';

/**
 * Automations (issue 23) on the real queue, worker and SMTP server, with an injected clock:
 * delays, windows and conditions never make the test wait.
 */
let sink: SmtpSink;
let t: TestApp;
let operator: { authorization: string };
let admin: { authorization: string };
const TZ = 'Europe/Paris';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    AUTOMATIONS_TICK_SECONDS: '0',
  });
  operator = await t.operatorBearer();
  admin = await t.adminBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const MINUTE = 60_000;
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);
const run = (now: Date) => runAutomations(t.db, { now, timezone: TZ });
const subjectsTo = (address: string) =>
  sink.messages.filter((m) => m.to.includes(address)).map((m) => /^Subject: (.*)$/m.exec(m.raw.toString('utf8'))?.[1]?.trim());

/** Waits until `address` has received `count` messages (the worker sends on its own clock). */
async function received(address: string, count: number) {
  const deadline = Date.now() + 120_000;
  while (sink.messages.filter((m) => m.to.includes(address)).length < count) {
    if (Date.now() > deadline) throw new Error(`${address} did not receive ${count} messages`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function deliveries(...subjects: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const subject of subjects) ids.push(await makeDelivery(t, admin, { subject, html: `<p>${subject}</p>`, text: subject, user: userIdOf(operator) }));
  return ids;
}

async function automation(body: Record<string, unknown>) {
  const response = await t.call('POST', '/api/automations', operator, body);
  if (response.statusCode !== 201) throw new Error(`automation not created: ${response.body}`);
  return response.json() as { id: number; steps: { id: number }[] };
}

const view = async (id: number) => (await t.call('GET', `/api/automations/${id}`, operator)).json();
const contactIdOf = async (email: string) => (await t.db.query<{ id: number }>('SELECT id FROM grp_rcp WHERE email = $1 ORDER BY id DESC LIMIT 1', [email]))[0].id;

describe('the automations API', () => {
  it('creates, reads and validates an automation, with ids for its steps', async () => {
    const [d1] = await deliveries('Validation');
    const list = await makeList(t, operator, 1);
    const created = await automation({
      name: 'Bienvenue',
      trigger: { type: 'liste', grp: list },
      steps: [{ delivery: d1, delayMinutes: 0, window: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }, condition: 'toujours' }],
    });
    expect(created).toMatchObject({ name: 'Bienvenue', status: 'brouillon', entry: 'une fois', trigger: { type: 'liste', grp: list } });
    expect(created.steps[0]).toEqual({ id: expect.any(Number), delivery: d1, delayMinutes: 0, window: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }, condition: 'toujours' });
    const item = await view(created.id);
    expect(item.steps[0]).toMatchObject({ waiting: 0, sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0, skipped: 0 });
    expect(item.wouldEnter).toBe(1);
    const collection = (await t.call('GET', '/api/automations', operator)).json();
    expect(collection['hydra:member'].map((a: { id: number }) => a.id)).toContain(created.id);

    const bad = await t.call('POST', '/api/automations', operator, {
      name: 'Mauvaise',
      trigger: { type: 'liste', grp: list },
      steps: [{ delivery: d1, delayMinutes: 0, window: { days: [1], from: '18:00', to: '09:00' } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'steps.0.window' });
    const noDay = await t.call('POST', '/api/automations', operator, {
      name: 'Sans jour',
      trigger: { type: 'liste', grp: list },
      steps: [{ delivery: d1, delayMinutes: 0, window: { days: [8], from: '09:00', to: '10:00' } }],
    });
    expect(noDay.statusCode).toBe(400);
    // A window the schema refuses names the field and what it expects, not the null it may also be.
    for (const [window, field, expected] of [
      [{ days: [0], from: '09:00', to: '10:00' }, 'steps.0.window.days.0', /1 = lundi à 7 = dimanche/],
      [{ days: [1], from: '09:00', to: '24:00' }, 'steps.0.window.to', /HH:MM, de 00:00 à 23:59/],
      ['lundi', 'steps.0.window', /objet ou null/],
    ] as const) {
      const refused = await t.call('POST', '/api/automations', operator, { name: 'Fenêtre', trigger: { type: 'liste', grp: list }, steps: [{ delivery: d1, delayMinutes: 0, window }] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field, message: expect.stringMatching(expected) });
      expect(refused.json().message).not.toMatch(/doit être de type null/);
    }
    const twice = await t.call('PATCH', `/api/automations/${created.id}`, operator, {
      steps: [created.steps[0], { ...created.steps[0], delayMinutes: 5 }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'steps.1.id', message: expect.stringMatching(/^L'étape 2 reprend l'identifiant/) });
    expect((await view(created.id)).steps).toHaveLength(1);
    const empty = await t.call('POST', `/api/automations/${(await automation({ name: 'Vide', trigger: { type: 'liste', grp: list } })).id}/activate`, operator, {});
    expect(empty.statusCode).toBe(409);
  });
});

describe('a 3-step sequence with a 1-minute delay and a "non ouvert" condition', () => {
  it('sends exactly what it should to 1,000 contacts, once, whatever runs again', async () => {
    const [first, reminder, last] = await deliveries('Etape 1', 'Relance', 'Etape 3');
    const list = await makeList(t, operator, 1000);
    const { id, steps } = await automation({
      name: 'Séquence',
      trigger: { type: 'liste', grp: list },
      steps: [
        { delivery: first, delayMinutes: 0 },
        { delivery: reminder, delayMinutes: 1, condition: 'non ouvert' },
        { delivery: last, delayMinutes: 1 },
      ],
    });
    expect((await view(id)).wouldEnter).toBe(1000);
    const activated = await t.call('POST', `/api/automations/${id}/activate`, operator, { includeExisting: true });
    expect(activated.json()).toEqual({ entered: 1000 });
    const start = new Date();
    const before = sink.count;

    expect(await run(start)).toMatchObject({ queued: 1000 });
    await sink.waitForCount(before + 1000, 120_000);
    // 300 contacts open the first message.
    await t.db.query(
      `UPDATE mail_recipient SET opened_at = now() WHERE id IN (
         SELECT recipient_id FROM automation_message WHERE step_id = $1 ORDER BY grp_rcp_id LIMIT 300)`,
      [steps[0].id],
    );
    expect(await run(at(start, 0.5))).toMatchObject({ queued: 0, skipped: 0 });
    expect(await run(at(start, 1.1))).toMatchObject({ queued: 700, skipped: 300 });
    expect(await run(at(start, 1.5))).toMatchObject({ queued: 0 });
    // The test's clock runs in minutes where the pool sends in milliseconds: two steps queued a
    // moment apart may arrive in either order (several connections), so each step is received
    // before the next falls due, as it would be a minute later.
    await sink.waitForCount(before + 1700, 120_000);
    expect(await run(at(start, 2.2))).toMatchObject({ queued: 1000, finished: 1000 });
    expect(await run(at(start, 10))).toMatchObject({ queued: 0, skipped: 0, finished: 0 });
    await sink.waitForCount(before + 2700, 120_000);

    const opener = 'contact-1@example.org';
    const other = 'contact-1000@example.org';
    await received(opener, 2);
    await received(other, 3);
    expect(subjectsTo(opener)).toEqual(['Etape 1', 'Etape 3']);
    expect(subjectsTo(other)).toEqual(['Etape 1', 'Relance', 'Etape 3']);
    // The worker records a message sent just after the server accepted it: wait for the record.
    let item = await view(id);
    for (let tries = 0; tries < 200 && item.steps.some((s: { waiting: number }) => s.waiting > 0); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      item = await view(id);
    }
    expect(item.steps.map((s: { sent: number; skipped: number; opened: number; waiting: number }) => [s.sent, s.skipped, s.opened, s.waiting])).toEqual([
      [1000, 0, 300, 0],
      [700, 300, 0, 0],
      [1000, 0, 0, 0],
    ]);

    const timeline = (await t.call('GET', `/api/automations/${id}/contacts/${await contactIdOf(opener)}`, operator)).json();
    expect(timeline.entries[0].events.map((e: { type: string; step: number | null }) => `${e.type}${e.step ?? ''}`)).toEqual([
      'entré',
      'envoyé1',
      'ouvert1',
      'ignoré2',
      'envoyé3',
      'terminé',
    ]);
  }, 300_000);
});

describe('entering and leaving', () => {
  it('lets a contact in once or at each entry, as the policy says, by any route', async () => {
    const [welcome] = await deliveries('Bienvenue');
    const list = await makeList(t, operator, 0);
    const once = await automation({ name: 'Une fois', trigger: { type: 'liste', grp: list }, steps: [{ delivery: welcome, delayMinutes: 0 }] });
    const each = await automation({ name: 'Chaque', entry: 'à chaque entrée', trigger: { type: 'liste', grp: list }, steps: [{ delivery: welcome, delayMinutes: 0 }] });
    for (const a of [once, each]) await t.call('POST', `/api/automations/${a.id}/activate`, operator, {});
    // In through the console's route, then an import.
    const added = (await t.call('POST', '/api/grp_rcps', operator, { email: 'reentry@example.org', grp: list })).json();
    await t.app.inject({ method: 'POST', url: `/api/grps/${list}/import`, headers: { ...operator, 'content-type': 'text/csv' }, payload: 'email\nimported-in@example.org\n' });
    const count = async (a: number, email: string) =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM automation_entry e JOIN grp_rcp c ON c.id = e.grp_rcp_id WHERE e.automation_id = $1 AND c.email = $2', [a, email]))[0].n;
    expect(await count(once.id, 'imported-in@example.org')).toBe(1);
    await run(new Date());
    await received('reentry@example.org', 2);
    await t.call('PATCH', `/api/grp_rcps/${added.id}`, operator, { status: 'retiré' });
    await t.call('PATCH', `/api/grp_rcps/${added.id}`, operator, { status: 'actif' });
    expect(await count(once.id, 'reentry@example.org')).toBe(1);
    expect(await count(each.id, 'reentry@example.org')).toBe(2);
    await run(new Date());
    await received('reentry@example.org', 3);
    // Only the 'à chaque entrée' automation sends again.
    expect(subjectsTo('reentry@example.org')).toEqual(['Bienvenue', 'Bienvenue', 'Bienvenue']);
  });

  it('lets a big import in through its intake rows, each contact once, leaving and re-entering as the policy says', async () => {
    const [welcome] = await deliveries('Bienvenue import');
    const list = await makeList(t, operator, 0);
    const once = await automation({ name: 'Import une fois', trigger: { type: 'liste', grp: list }, steps: [{ delivery: welcome, delayMinutes: 0 }] });
    const each = await automation({ name: 'Import chaque', entry: 'à chaque entrée', trigger: { type: 'liste', grp: list }, steps: [{ delivery: welcome, delayMinutes: 0 }] });
    for (const a of [once, each]) await t.call('POST', `/api/automations/${a.id}/activate`, operator, {});
    const csv = ['email', ...Array.from({ length: 200 }, (_, i) => `bulk-${i}@example.org`)].join('\n');
    const imported = await t.app.inject({ method: 'POST', url: `/api/grps/${list}/import`, headers: { ...operator, 'content-type': 'text/csv' }, payload: csv });
    expect(imported.json()).toMatchObject({ added: 200 });
    // The import's statement wrote one intake row per automation, no entry yet.
    const intake = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM automation_intake WHERE automation_id = ANY($1::int[])', [[once.id, each.id]]))[0].n;
    const entries = async (a: number, state?: string) =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM automation_entry WHERE automation_id = $1 AND ($2::text IS NULL OR state = $2)', [a, state ?? null]))[0].n;
    expect(await intake()).toBe(2);
    expect(await entries(once.id)).toBe(0);
    // Before any run: one contact leaves and comes back, another unsubscribes.
    const back = await contactIdOf('bulk-1@example.org');
    const gone = await contactIdOf('bulk-2@example.org');
    await t.call('PATCH', `/api/grp_rcps/${back}`, operator, { status: 'retiré' });
    await t.call('PATCH', `/api/grp_rcps/${back}`, operator, { status: 'actif' });
    await t.db.query(`UPDATE grp_rcp SET status = 'désabonné', unsubscribed_by = 'contact' WHERE id = $1`, [gone]);
    // A read of the figures counts every contact that entered.
    expect((await view(each.id)).steps[0]).toMatchObject({ waiting: 199 });
    expect(await intake()).toBe(1);
    expect(await run(new Date())).toMatchObject({ queued: 198 + 199 });
    expect(await intake()).toBe(0);
    expect([await entries(once.id), await entries(once.id, 'sorti'), await entries(each.id), await entries(each.id, 'sorti')]).toEqual([200, 2, 201, 2]);
    const timeline = (await t.call('GET', `/api/automations/${each.id}/contacts/${back}`, operator)).json();
    expect(timeline.entries.map((e: { entry: number; state: string }) => [e.entry, e.state])).toEqual([
      [1, 'sorti'],
      [2, 'terminé'],
    ]);
    expect(await run(new Date())).toMatchObject({ queued: 0 });
  });

  it('stops the rest of the steps when the contact unsubscribes between two', async () => {
    const [one, two] = await deliveries('Premier', 'Second');
    const list = await makeList(t, operator, 0);
    const a = await automation({ name: 'Départ', trigger: { type: 'liste', grp: list }, steps: [{ delivery: one, delayMinutes: 0 }, { delivery: two, delayMinutes: 60 }] });
    await t.call('POST', `/api/automations/${a.id}/activate`, operator, {});
    const contact = (await t.call('POST', '/api/grp_rcps', operator, { email: 'leaver@example.org', grp: list })).json();
    const start = new Date();
    await run(start);
    await received('leaver@example.org', 1);
    await t.db.query(`UPDATE grp_rcp SET status = 'désabonné', unsubscribed_by = 'contact' WHERE id = $1`, [contact.id]);
    expect(await run(at(start, 120))).toMatchObject({ queued: 0 });
    expect(subjectsTo('leaver@example.org')).toEqual(['Premier']);
    const timeline = (await t.call('GET', `/api/automations/${a.id}/contacts/${contact.id}`, operator)).json();
    expect(timeline.entries[0]).toMatchObject({ state: 'sorti' });
  });

  it('sends nothing while paused, then what fell due once on resume; editing steps resends nothing', async () => {
    const [one, two] = await deliveries('Avant pause', 'Apres pause');
    const list = await makeList(t, operator, 0);
    const a = await automation({ name: 'Pause', trigger: { type: 'liste', grp: list }, steps: [{ delivery: one, delayMinutes: 0 }, { delivery: two, delayMinutes: 5 }] });
    await t.call('POST', `/api/automations/${a.id}/activate`, operator, {});
    await t.call('POST', '/api/grp_rcps', operator, { email: 'paused@example.org', grp: list });
    const start = new Date();
    await run(start);
    // Received before the next step can fall due (see the 1,000 contacts above).
    await received('paused@example.org', 1);
    expect((await t.call('PATCH', `/api/automations/${a.id}`, operator, { status: 'en pause' })).json()).toMatchObject({ status: 'en pause' });
    expect(await run(at(start, 10))).toMatchObject({ queued: 0 });
    // Editing the steps (a new last one) while paused.
    const current = (await view(a.id)).steps.map(({ id, delivery, delayMinutes, window, condition }: Record<string, unknown>) => ({ id, delivery, delayMinutes, window, condition }));
    await t.call('PATCH', `/api/automations/${a.id}`, operator, { steps: [...current, { delivery: two, delayMinutes: 600 }] });
    await t.call('PATCH', `/api/automations/${a.id}`, operator, { status: 'active' });
    expect(await run(at(start, 11))).toMatchObject({ queued: 1 });
    expect(await run(at(start, 12))).toMatchObject({ queued: 0 });
    await received('paused@example.org', 2);
    expect(subjectsTo('paused@example.org')).toEqual(['Avant pause', 'Apres pause']);
  });

  it("sends the delivery's published version at sending time, not a later draft", async () => {
    const [letter] = await deliveries('Version publiee');
    // MEP publishes version 1 as it is; the editor's next save (version 2) is not published.
    expect((await t.call('POST', '/api/amp/bo/modele/new', admin, { id: letter })).json()).toMatchObject({ version: 1 });
    expect((await t.call('PATCH', `/api/deliveries/${letter}`, admin, { subject: 'Brouillon non publie', version: 2 })).json()).toMatchObject({ version: 2 });
    const list = await makeList(t, operator, 0);
    const a = await automation({ name: 'Publiée', trigger: { type: 'liste', grp: list }, steps: [{ delivery: letter, delayMinutes: 0 }] });
    await t.call('POST', `/api/automations/${a.id}/activate`, operator, {});
    await t.call('POST', '/api/grp_rcps', operator, { email: 'published@example.org', grp: list });
    expect(await run(new Date())).toMatchObject({ queued: 1 });
    await received('published@example.org', 1);
    expect(subjectsTo('published@example.org')).toEqual(['Version publiee']);
  });
});

describe('windows in TIMEZONE', () => {
  it('opens a 09:00 Europe/Paris window at 09:00 local on the days clocks change', () => {
    const sunday = { days: [7], from: '09:00', to: '10:00' };
    expect(nextAllowed(new Date('2026-03-29T00:30:00Z'), sunday, TZ).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(nextAllowed(new Date('2026-10-25T00:30:00Z'), sunday, TZ).toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(nextAllowed(new Date('2026-03-29T07:30:00Z'), sunday, TZ).toISOString()).toBe('2026-03-29T07:30:00.000Z');
    // Closed at 10:00 local: the next Sunday.
    expect(nextAllowed(new Date('2026-03-29T08:00:00Z'), sunday, TZ).toISOString()).toBe('2026-04-05T07:00:00.000Z');
  });

  it('sends a step whose window opens at 09:00 on 29 March 2026 at 07:00 UTC, not before', async () => {
    const [morning] = await deliveries('Bonjour dimanche');
    const list = await makeList(t, operator, 0);
    const a = await automation({
      name: 'Fenêtre',
      trigger: { type: 'liste', grp: list },
      steps: [{ delivery: morning, delayMinutes: 0, window: { days: [7], from: '09:00', to: '10:00' } }],
    });
    await t.call('POST', `/api/automations/${a.id}/activate`, operator, {});
    const contact = (await t.call('POST', '/api/grp_rcps', operator, { email: 'dst@example.org', grp: list })).json();
    await t.db.query(`UPDATE automation_entry SET entered_at = '2026-03-29T00:30:00Z', due_at = '2026-03-29T00:30:00Z' WHERE grp_rcp_id = $1`, [contact.id]);
    expect(await run(new Date('2026-03-29T00:30:00Z'))).toMatchObject({ queued: 0 });
    const [{ due }] = await t.db.query<{ due: string }>('SELECT due_at AS due FROM automation_entry WHERE grp_rcp_id = $1', [contact.id]);
    expect(due).toBe('2026-03-29T07:00:00.000Z');
    expect(await run(new Date('2026-03-29T06:59:00Z'))).toMatchObject({ queued: 0 });
    expect(await run(new Date('2026-03-29T07:00:00Z'))).toMatchObject({ queued: 1 });
  });
});
