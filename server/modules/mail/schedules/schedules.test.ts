import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { b64, getSend, makeDelivery, makeList, waitForSend } from '../../../testing/mailFixtures';

let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'TGM <news@tgm.example>', MAIL_POLL_MS: '50', TIMEZONE: 'Europe/Paris' });
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
/** Time passes: what was planned is now due. */
const makeDue = (table: 'mail_send' | 'mail_schedule', id: number, ago = '1 second') =>
  t.db.query(`UPDATE ${table} SET ${table === 'mail_send' ? 'send_at' : 'next_at'} = now() - $2::interval WHERE id = $1`, [id, ago]);
const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`never got there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('scheduled sends (sendAt)', () => {
  it('waits as scheduled, listed, changeable and cancellable, and starts when due to the contacts active then', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [{ email: 'ana@example.org' }]);
    const planned = await t.call('POST', '/api/sendEmail', admin, { delId, listId, sendAt: inAnHour() });
    expect(planned.statusCode).toBe(202);
    const { id } = planned.json();
    expect(planned.json()).toMatchObject({ status: 'scheduled', total: 0, sendAt: expect.any(String) });
    const listed = await t.call('GET', `/api/sends?status=scheduled&list=${listId}`, admin);
    expect(listed.json()['hydra:member']).toEqual([expect.objectContaining({ id, status: 'scheduled', pending: 0 })]);

    const later = new Date(Date.now() + 7200_000).toISOString();
    const moved = await t.call('PATCH', `/api/sends/${id}`, admin, { sendAt: later });
    expect(moved.statusCode).toBe(200);
    expect(new Date(moved.json().sendAt).toISOString()).toBe(later);
    expect((await t.call('PATCH', `/api/sends/${id}`, operator, { sendAt: later })).statusCode).toBe(403);
    // The console enters a wall-clock time, read in TIMEZONE (Paris, summer time: UTC+2).
    const wallClock = await t.call('PATCH', `/api/sends/${id}`, admin, { sendAt: '2032-07-01T18:15' });
    expect(wallClock.statusCode).toBe(200);
    expect(new Date(wallClock.json().sendAt).toISOString()).toBe('2032-07-01T16:15:00.000Z');
    const malformed = await t.call('PATCH', `/api/sends/${id}`, admin, { sendAt: 'demain' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'sendAt' });
    expect((await t.call('PATCH', `/api/sends/${id}`, admin, { sendAt: later })).statusCode).toBe(200);

    // A contact added before it goes is sent to.
    await t.call('POST', '/api/grp_rcps', admin, { email: 'bob@example.org', grp: listId });
    await makeDue('mail_send', id);
    const done = await waitForSend(t, admin, id);
    expect(done).toMatchObject({ total: 2, sent: 2, status: 'completed' });
    expect((await t.call('PATCH', `/api/sends/${id}`, admin, { sendAt: later })).statusCode).toBe(409);

    const other = (await t.call('POST', '/api/sendEmail', admin, { delId, listId, sendAt: inAnHour() })).json().id;
    expect((await t.call('POST', `/api/sends/${other}/cancel`, admin)).json()).toMatchObject({ status: 'cancelled' });
    await makeDue('mail_send', other);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await getSend(t, admin, other)).toMatchObject({ status: 'cancelled', total: 0, sent: 0 });
  });

  it('refuses a time without offset, a past time, or a date that does not exist, naming sendAt', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [{ email: 'x@example.org' }]);
    for (const sendAt of ['2030-01-01T09:00:00', '2020-01-01T09:00:00Z', '2030-02-30T09:00:00+01:00', 'demain']) {
      const response = await t.call('POST', '/api/sendEmail', admin, { delId, listId, sendAt });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('sendAt');
    }
  });
});

describe('schedules (Diffusion frequency)', () => {
  async function publishedDelivery(html: string) {
    const delId = await makeDelivery(t, admin, { html });
    const published = await t.call('POST', '/api/amp/bo/modele/new', admin, { id: delId });
    expect(published.statusCode).toBe(201);
    return delId;
  }

  it('sends the latest published version once per occurrence, to the active contacts, and catches up once', async () => {
    const delId = await publishedDelivery('<html><body><p>Version publiée</p></body></html>');
    // A later draft, not published: the schedule sends the MEP version.
    const draft = await t.call('PATCH', `/api/deliveries/${delId}`, admin, { version: 2, codeHtml: [b64('<p>Brouillon</p>')] });
    expect(draft.json()).toMatchObject({ version: 2 });
    const listId = await makeList(t, admin, [{ email: 'daily-1@example.org' }, { email: 'daily-2@example.org' }]);
    const created = await t.call('POST', '/api/schedules', admin, {
      delId,
      listId,
      frequency: 'quotidienne',
      firstAt: '2030-01-15T09:00',
    });
    expect(created.statusCode).toBe(201);
    const schedule = created.json();
    // 09:00 in Paris in winter is 08:00 UTC.
    expect(schedule).toMatchObject({ frequency: 'quotidienne', timezone: 'Europe/Paris', nextAt: '2030-01-15T08:00:00.000Z', active: 1 });
    const planned = await t.call('GET', `/api/schedules?delivery=${delId}&active=1`, admin);
    expect(planned.json()['hydra:member']).toHaveLength(1);

    // Down for ten days: the occurrence fires once, then the next one is tomorrow at 09:00.
    // The contact leaves first: once the occurrence is due the poller may fire at any moment.
    await t.db.query(`UPDATE grp_rcp SET status = 'désabonné' WHERE email = 'daily-2@example.org'`);
    await t.db.query(`UPDATE mail_schedule SET first_at = now() - interval '10 days', next_at = now() - interval '10 days' WHERE id = $1`, [schedule.id]);
    const sends = await until(
      () => t.db.query<{ id: number }>('SELECT id FROM mail_send WHERE schedule_id = $1', [schedule.id]),
      (rows) => rows.length > 0,
    );
    const done = await waitForSend(t, admin, sends[0].id);
    expect(done).toMatchObject({ total: 1, sent: 1, version: 1 });
    const [mail] = sink.messages.filter((m) => m.to.includes('daily-1@example.org'));
    expect(mail.raw.toString()).toContain('Version publi');
    expect(mail.raw.toString()).not.toContain('Brouillon');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.db.query('SELECT id FROM mail_send WHERE schedule_id = $1', [schedule.id])).toHaveLength(1);
    const [after] = await t.db.query<{ next_at: string; last_error: string | null }>('SELECT next_at, last_error FROM mail_schedule WHERE id = $1', [schedule.id]);
    expect(new Date(after.next_at).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(after.next_at).getTime() - Date.now()).toBeLessThanOrEqual(25 * 3600_000);
    expect(after.last_error).toBeNull();
  });

  it("keeps the reason when there is nothing published, ends a single send's schedule, and stops on 'Aucune'", async () => {
    const unpublished = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [{ email: 'nomep@example.org' }]);
    const { id } = (await t.call('POST', '/api/schedules', admin, { delId: unpublished, listId, frequency: 'unique', firstAt: inAnHour() })).json();
    await makeDue('mail_schedule', id);
    const [failed] = await until(
      () => t.db.query<{ active: number; last_error: string | null }>('SELECT active, last_error FROM mail_schedule WHERE id = $1', [id]),
      (rows) => rows[0].active === 0,
    );
    expect(failed.last_error).toBe("Aucune version du modèle n'est en production (MEP).");

    const weekly = await publishedDelivery('<p>Hebdo</p>');
    const created = (await t.call('POST', '/api/schedules', admin, { delId: weekly, listId, frequency: 'hebdomadaire', firstAt: '2030-03-30T10:00:00+01:00' })).json();
    expect(created.nextAt).toBe('2030-03-30T09:00:00.000Z');
    // Saving again replaces the plan.
    const replaced = (await t.call('POST', '/api/schedules', admin, { delId: weekly, listId, frequency: 'mensuelle', firstAt: '2030-04-01T10:00' })).json();
    expect(replaced.nextAt).toBe('2030-04-01T08:00:00.000Z');
    expect((await t.call('GET', `/api/schedules?delivery=${weekly}&active=1`, admin)).json()['hydra:member']).toEqual([
      expect.objectContaining({ id: replaced.id }),
    ]);
    // The template reads its plan back: frequency and list, at the same version (issue 41).
    const planned = (await t.call('GET', `/api/deliveries/${weekly}`, admin)).json();
    expect(planned).toMatchObject({ frequence: 'mensuelle', version: 1, properties: expect.objectContaining({ listId }) });
    expect((await t.call('GET', `/api/deliveryAll/${weekly}`, admin)).json().data[0]).toMatchObject({ frequence: 'mensuelle', version: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/schedules/${replaced.id}`, headers: operator })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/schedules/${replaced.id}`, headers: admin })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/schedules?delivery=${weekly}&active=1`, admin)).json()['hydra:member']).toEqual([]);
    // Stopped: sent by hand only ('Aucune'); the list stays chosen.
    expect((await t.call('GET', `/api/deliveries/${weekly}`, admin)).json()).toMatchObject({ frequence: '', properties: expect.objectContaining({ listId }) });
  });

  it('refuses bad schedules naming the field', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [{ email: 'bad@example.org' }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ frequency: 'annuelle', firstAt: '2030-01-01T09:00' }, 'frequency'],
      [{ frequency: 'unique', firstAt: '2020-01-01T09:00' }, 'firstAt'],
      [{ frequency: 'unique', firstAt: '2030-13-01T09:00' }, 'firstAt'],
      [{ frequency: 'unique', firstAt: 'lundi' }, 'firstAt'],
    ];
    for (const [body, field] of cases) {
      const response = await t.call('POST', '/api/schedules', admin, { delId, listId, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });
});
