import { simpleParser } from 'mailparser';
import { startApiTest, userIdOf, type ApiTest } from '../../testing/requests';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { makeDelivery, waitForSend } from '../../testing/mailFixtures';
import { runAutomations } from '../automations/runner';

/** Segments (issue 37, item 3): CRUD, rules compiled to parameters, count, contacts, and a send to one. */
let { t, api, admin, operator } = {} as ApiTest;
let sink: SmtpSink;
let listId: number;
let otherList: number;
let adminId: number;

const contacts = [
  { email: 'lea@example.org', firstname: 'Léa', lastname: 'Martin', attribs: { ville: 'Lyon', age: 34, vip: true, depuis: '2024-03-01' } },
  { email: 'paul@example.org', firstname: 'Paul', lastname: 'Durand', attribs: { ville: 'lyon', age: 51 } },
  { email: 'zoe@example.org', firstname: 'Zoé', lastname: 'Martin', attribs: { ville: 'Paris', age: 19, depuis: '2025-01-15' } },
  { email: 'sans@example.org', firstname: '', lastname: 'Sans' },
];

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ t, api, admin, operator } = await startApiTest({ SMTP_URL: sink.url, MAIL_POLL_MS: '50' }));
  adminId = userIdOf(admin);
  // Templates are the admins': the admin owns the lists that are sent to.
  listId = (await api.post('/api/grps', admin, { subject: 'Segmentée' })).json().id;
  for (const contact of contacts) expect((await api.post('/api/grp_rcps', admin, { ...contact, grp: listId })).statusCode).toBe(201);
  otherList = (await api.post('/api/grps', admin, { subject: 'Autre' })).json().id;
  // Léa is in both lists: a segment over every list mails her once.
  await api.post('/api/grp_rcps', admin, { email: 'LEA@example.org', grp: otherList, attribs: { ville: 'Lyon' } });
  await api.post('/api/grp_rcps', admin, { email: 'autre@example.org', grp: otherList, attribs: { ville: 'Lyon' } });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const segment = async (body: Record<string, unknown>, headers = admin) => api.post('/api/segments', headers, { name: 'Seg', grp: listId, match: 'tous', ...body });
const countOf = async (rules: unknown[], extra: Record<string, unknown> = {}) => {
  const created = await segment({ rules, ...extra });
  expect(created.statusCode).toBe(201);
  return (await api.get(`/api/segments/${created.json().id}/count`, admin)).json().count;
};

describe('/api/segments', () => {
  it('creates, reads, lists and changes a segment as the issue writes it', async () => {
    const created = await segment({ name: 'Lyonnais', rules: [{ field: 'attribs.Ville', op: 'égal', value: 'Lyon' }] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ '@type': 'Segment', name: 'Lyonnais', grp: listId, match: 'tous', user: adminId, rules: [{ field: 'attribs.ville', op: 'égal', value: 'Lyon' }] });
    const id = created.json().id;
    expect((await api.get(`/api/segments/${id}`, admin)).json().name).toBe('Lyonnais');
    expect((await api.get('/api/segments', admin)).json()['hydra:member'].map((s: { id: number }) => s.id)).toContain(id);
    const patched = await api.patch(`/api/segments/${id}`, admin, { match: 'au moins un', rules: [{ field: 'email', op: 'contient', value: 'zoe' }] });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ match: 'au moins un', rules: [{ field: 'email', op: 'contient', value: 'zoe' }] });
    expect((await api.get(`/api/segments/${id}/count`, admin)).json()).toEqual({ count: 1 });
  });

  it('keeps segments to their owner', async () => {
    const id = (await segment({ rules: [] })).json().id;
    expect((await api.get(`/api/segments/${id}`, operator)).statusCode).toBe(403);
    expect((await api.get(`/api/segments/${id}/count`, operator)).statusCode).toBe(403);
    expect((await api.get(`/api/segments/${id}/contacts`, operator)).statusCode).toBe(403);
    expect((await api.get('/api/segments', operator)).json()['hydra:member']).toEqual([]);
    // Another's list is not a segment's.
    expect((await segment({ rules: [] }, operator)).statusCode).toBe(403);
  });

  it('counts with field, attribute and date rules, all or at least one', async () => {
    expect(await countOf([])).toBe(4);
    expect(await countOf([{ field: 'attribs.ville', op: 'égal', value: 'LYON' }])).toBe(2);
    expect(await countOf([{ field: 'attribs.ville', op: 'différent', value: 'Lyon' }])).toBe(2);
    expect(await countOf([{ field: 'attribs.age', op: 'après', value: 30 }])).toBe(2);
    expect(await countOf([{ field: 'attribs.age', op: 'égal', value: 51 }])).toBe(1);
    expect(await countOf([{ field: 'attribs.depuis', op: 'avant', value: '2025-01-01' }])).toBe(1);
    expect(await countOf([{ field: 'attribs.vip', op: 'égal', value: true }])).toBe(1);
    expect(await countOf([{ field: 'attribs.depuis', op: 'vide' }])).toBe(2);
    expect(await countOf([{ field: 'lastname', op: 'commence par', value: 'mar' }])).toBe(2);
    expect(await countOf([{ field: 'firstname', op: 'contient', value: 'zo' }])).toBe(1);
    expect(await countOf([{ field: 'firstname', op: 'non vide' }])).toBe(3);
    expect(await countOf([{ field: 'created', op: 'avant', value: '2000-01-01' }])).toBe(0);
    expect(await countOf([{ field: 'created', op: 'après', value: '2000-01-01' }])).toBe(4);
    const two = [
      { field: 'attribs.ville', op: 'égal', value: 'Lyon' },
      { field: 'lastname', op: 'égal', value: 'Martin' },
    ];
    expect(await countOf(two)).toBe(1);
    expect(await countOf(two, { match: 'au moins un' })).toBe(3);
    // A wildcard is a character like another.
    expect(await countOf([{ field: 'email', op: 'contient', value: '%' }])).toBe(0);
  });

  it('counts a segment being written, before it is saved (the live count)', async () => {
    const preview = await api.post('/api/segments/count', admin, { grp: listId, match: 'tous', rules: [{ field: 'attribs.ville', op: 'égal', value: 'Lyon' }] });
    expect(preview.json()).toEqual({ count: 2 });
    expect((await api.post('/api/segments/count', admin, { grp: listId, match: 'tous', rules: [{ field: 'x', op: 'égal', value: 1 }] })).json()).toMatchObject({ field: 'rules[0].field' });
    expect((await api.post('/api/segments/count', operator, { grp: listId, match: 'tous', rules: [] })).statusCode).toBe(403);
  });

  it('spans every list of the owner with grp null, one contact per address', async () => {
    expect(await countOf([{ field: 'attribs.ville', op: 'égal', value: 'Lyon' }], { grp: null })).toBe(3);
  });

  it('answers the contacts as a hydra page', async () => {
    const id = (await segment({ rules: [{ field: 'attribs.ville', op: 'égal', value: 'Lyon' }] })).json().id;
    const page = (await api.get(`/api/segments/${id}/contacts?itemsPerPage=1`, admin)).json();
    expect(page['hydra:totalItems']).toBe(2);
    expect(page['hydra:member']).toHaveLength(1);
    expect(page['hydra:member'][0]).toMatchObject({ '@type': 'GrpRcp', email: 'lea@example.org', attribs: { ville: 'Lyon' } });
    expect(page['hydra:view']['hydra:next']).toContain(`/api/segments/${id}/contacts?`);
  });

  it('refuses bad rules with a French 400 naming the rule; another owner\'s send is a 404', async () => {
    const refused = async (rules: unknown[], status: number, field: string, message: RegExp) => {
      const response = await segment({ rules });
      expect({ status: response.statusCode, field: response.json().field }).toEqual({ status, field });
      expect(response.json().message).toMatch(message);
    };
    await refused([{ field: 'ville', op: 'égal', value: 'x' }], 400, 'rules[0].field', /^Règle 1 : le champ « ville » n'existe pas/);
    await refused([{ field: 'email', op: 'égal', value: 'x' }, { field: 'email', op: 'ressemble', value: 'x' }], 400, 'rules[1].op', /^Règle 2 : l'opérateur « ressemble » n'existe pas/);
    await refused([{ field: 'email', op: 'avant', value: 'x' }], 400, 'rules[0].op', /ne s'applique pas/);
    await refused([{ field: 'created', op: 'avant', value: 'hier' }], 400, 'rules[0].value', /date/);
    await refused([{ field: 'email', op: 'égal' }], 400, 'rules[0].value', /demande une valeur/);
    await refused([{ activity: 'a lu', last: 1 }], 400, 'rules[0].activity', /l'activité « a lu » n'existe pas/);
    await refused([{ activity: 'a ouvert' }], 400, 'rules[0].send', /send.*last/);
    await refused([{ activity: 'a ouvert', last: 0 }], 400, 'rules[0].last', /de 1 à 50/);
    await refused([{ field: "email'); DROP TABLE grp_rcp; --", op: 'égal', value: 'x' }], 400, 'rules[0].field', /n'existe pas/);
    await refused(Array.from({ length: 1000 }, () => ({ field: 'email', op: 'vide' })), 400, 'rules', /au plus 100 règles \(1000 données\)/);
    // A send of another owner is as unknown as one that does not exist.
    const operatorList = (await api.post('/api/grps', operator, { subject: 'À l’opérateur' })).json().id;
    const delivery = await makeDelivery(t, admin, {});
    const [{ id: foreignSend }] = await t.db.query<{ id: number }>(
      `INSERT INTO mail_send (delivery_id, grp_id, user_id, version, label, list_subject, content, status)
       VALUES ($3, $1, $2, 1, 'x', 'x', '{}', 'completed') RETURNING id`,
      [operatorList, userIdOf(operator), delivery],
    );
    await refused([{ activity: 'a ouvert', send: foreignSend }], 404, 'rules[0].send', new RegExp(`^Règle 1 : l'envoi ${foreignSend} est introuvable`));
    await refused([{ activity: 'a ouvert', send: 2147483000 }], 404, 'rules[0].send', /introuvable/);
    // The rule's text reached no statement: the contacts are all there.
    expect(await t.db.query('SELECT count(*)::int AS n FROM grp_rcp WHERE grp_id = $1', [listId])).toEqual([{ n: 4 }]);
  });
});

describe('a send to a segment', () => {
  let sendId: number;

  it('mails only the contacts in it when the send starts, with their attributes', async () => {
    const seg = (await segment({ name: 'Lyon', rules: [{ field: 'attribs.ville', op: 'égal', value: 'Lyon' }] })).json().id;
    const delId = await makeDelivery(t, admin, { subject: 'Bonjour {{attribs.ville}}', html: '<p>Ville : {{attribs.ville}}</p>', text: 'Ville : {{attribs.ville}}' });
    // Suppressed addresses are left out, as in a send to a list.
    await api.post('/api/suppressions', admin, { email: 'paul@example.org' });
    const before = sink.messages.length;
    const response = await api.post('/api/sendEmail', admin, { delId, segmentId: seg });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ total: 1 });
    sendId = response.json().id;
    await waitForSend(t, admin, sendId);
    const mails = await Promise.all(sink.messages.slice(before).map((m) => simpleParser(m.raw)));
    expect(mails.map((m) => m.subject)).toEqual(['Bonjour Lyon']);
    expect(sink.messages.slice(before).flatMap((m) => m.to)).toEqual(['lea@example.org']);
    expect((await api.get(`/api/sends/${sendId}`, admin)).json()).toMatchObject({ segment: seg, list: listId, listSubject: 'Lyon' });
  });

  it('reads activity rules: who opened a send, or one of the last K', async () => {
    // Léa (the only recipient) opens it.
    const [{ id: leaId }] = await t.db.query<{ id: number }>('SELECT id FROM grp_rcp WHERE grp_id = $1 AND email = $2', [listId, 'lea@example.org']);
    await t.db.query('UPDATE mail_recipient SET opened_at = now() WHERE send_id = $1 AND contact_id = $2', [sendId, leaId]);
    expect(await countOf([{ activity: 'a ouvert', send: sendId }])).toBe(1);
    expect(await countOf([{ activity: "n'a pas ouvert", send: sendId }])).toBe(2);
    expect(await countOf([{ activity: 'a ouvert', last: 5 }])).toBe(1);
    expect(await countOf([{ activity: 'a cliqué', last: 5 }])).toBe(0);
    // Across lists, the address counts: Léa opened it through her contact in the first list.
    expect(await countOf([{ activity: 'a ouvert', last: 5 }, { field: 'attribs.ville', op: 'égal', value: 'Lyon' }], { grp: null })).toBe(1);
    // An erased person's open stays counted on the send, without its contact: it changes no segment.
    const [{ id: erased }] = await t.db.query<{ id: number }>(
      `INSERT INTO mail_recipient (send_id, contact_id, status, opened_at) VALUES ($1, NULL, 'sent', now()) RETURNING id`,
      [sendId],
    );
    expect(await countOf([{ activity: "n'a pas ouvert", send: sendId }])).toBe(2);
    expect(await countOf([{ activity: "n'a pas ouvert", last: 5 }])).toBe(2);
    await t.db.query('DELETE FROM mail_recipient WHERE id = $1', [erased]);
  });

  it('sends to a segment over every list, once per address, and refuses a list and a segment at once', async () => {
    const seg = (await segment({ name: 'Tous Lyon', grp: null, rules: [{ field: 'attribs.ville', op: 'égal', value: 'Lyon' }] })).json().id;
    const delId = await makeDelivery(t, admin, { subject: 'Partout' });
    const both = await api.post('/api/sendEmail', admin, { delId, segmentId: seg, listId });
    expect(both.statusCode).toBe(400);
    expect((await api.post('/api/sendEmail', admin, { delId })).statusCode).toBe(400);
    const before = sink.messages.length;
    const response = await api.post('/api/sendEmail', admin, { delId, segmentId: seg });
    expect(response.json()).toMatchObject({ total: 2 });
    await waitForSend(t, admin, response.json().id);
    expect(sink.messages.slice(before).flatMap((m) => m.to).sort()).toEqual(['autre@example.org', 'lea@example.org']);
    expect((await api.post('/api/sendEmail', operator, { delId, segmentId: seg })).statusCode).toBe(403);
  });

  it('plans a send and a schedule to a segment, evaluated when they start', async () => {
    const seg = (await segment({ name: 'Paris', rules: [{ field: 'attribs.ville', op: 'égal', value: 'Paris' }] })).json().id;
    const delId = await makeDelivery(t, admin, { subject: 'Plus tard' });
    const planned = await api.post('/api/sendEmail', admin, { delId, segmentId: seg, sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(planned.json()).toMatchObject({ status: 'scheduled', total: 0 });
    // A planned send holds its segment.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/segments/${seg}`, headers: admin })).statusCode).toBe(409);
    // Zoé moves to Paris's neighbour before it starts: the send reads the segment then.
    await t.db.query(`UPDATE grp_rcp SET attribs = attribs || '{"ville": "Paris"}' WHERE email = 'sans@example.org'`);
    await t.db.query(`UPDATE mail_send SET send_at = now() WHERE id = $1`, [planned.json().id]);
    const done = await waitForSend(t, admin, planned.json().id);
    expect(done.total).toBe(2);

    const schedule = await api.post('/api/schedules', admin, { delId, segmentId: seg, frequency: 'quotidienne', firstAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(schedule.statusCode).toBe(201);
    expect(schedule.json()).toMatchObject({ segment: seg, list: listId });
  });

  it('deletes a segment no send waits for; its past sends keep their name', async () => {
    const seg = (await segment({ name: 'Éphémère', rules: [] })).json().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/segments/${seg}`, headers: operator })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/segments/${seg}`, headers: admin })).statusCode).toBe(204);
    expect((await api.get(`/api/segments/${seg}`, admin)).statusCode).toBe(404);
  });
});

describe('an automation step to a segment', () => {
  it('sends the step to the contacts in the segment only; the others are skipped', async () => {
    const grp = (await api.post('/api/grps', admin, { subject: 'Automatisée' })).json().id;
    for (const [email, ville] of [['a-lyon@example.org', 'Lyon'], ['a-nice@example.org', 'Nice']]) {
      await api.post('/api/grp_rcps', admin, { grp, email, attribs: { ville } });
    }
    const seg = (await segment({ name: 'Lyon auto', grp, rules: [{ field: 'attribs.ville', op: 'égal', value: 'Lyon' }] })).json().id;
    const delId = await makeDelivery(t, admin, { subject: 'Étape Lyon' });
    const created = await api.post('/api/automations', admin, {
      name: 'Auto segment',
      trigger: { type: 'liste', grp },
      steps: [{ delivery: delId, delayMinutes: 0, segment: seg }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().steps[0]).toMatchObject({ segment: seg });
    // Another owner's segment is refused.
    const foreign = (await api.post('/api/segments', operator, { name: 'x', grp: null, match: 'tous', rules: [] })).json().id;
    const refused = await api.post('/api/automations', admin, { name: 'x', trigger: { type: 'liste', grp }, steps: [{ delivery: delId, delayMinutes: 0, segment: foreign }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('steps.0.segment');

    const id = created.json().id;
    expect((await api.post(`/api/automations/${id}/activate`, admin, { includeExisting: true })).json()).toEqual({ entered: 2 });
    const before = sink.messages.length;
    expect(await runAutomations(t.db, { now: new Date(), timezone: 'Europe/Paris' })).toMatchObject({ queued: 1, skipped: 1 });
    await sink.waitForCount(before + 1, 30_000);
    expect(sink.messages.slice(before).flatMap((m) => m.to)).toEqual(['a-lyon@example.org']);
    const item = (await api.get(`/api/automations/${id}`, admin)).json();
    expect(item.steps[0]).toMatchObject({ skipped: 1 });
  });
});
