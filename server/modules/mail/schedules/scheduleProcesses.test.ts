import pg from 'pg';
import { startApiServer, type RunningServer } from '../../../../e2e/support/apiServer';
import { startPostgres, type TestPostgres } from '../../../testing/postgres';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { b64 } from '../../../testing/mailFixtures';

jest.setTimeout(240_000);

const CONTACTS = 30;
const SCHEDULES = 6;
let postgres: TestPostgres;
let sink: SmtpSink;
let client: pg.Client;
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await client?.end();
  await sink?.stop();
  postgres?.stop();
});

const start = async () => {
  const server = await startApiServer({
    DATABASE_URL: postgres.url,
    SKIP_WEB_BUILD: '1',
    SMTP_URL: sink.url,
    MAIL_POLL_MS: '100',
    TIMEZONE: 'Europe/Paris',
  });
  servers.push(server);
  return server;
};

async function api(base: string, token: string | null, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

it('fires each occurrence exactly once with two server processes on PostgreSQL, after a restart between scheduling and firing', async () => {
  postgres = await startPostgres();
  sink = await startSmtpSink();
  const first = await start();
  const { token } = await api(first.url, null, 'POST', '/api/login_check', { email: 'admin@tgm.local', password: 'admin-tgm-2026' });
  const call = (method: string, url: string, body?: unknown) => api(first.url, token, method, url, body);

  const list = await call('POST', '/api/grps', { subject: 'Planifiés' });
  for (let i = 1; i <= CONTACTS; i += 1) await call('POST', '/api/grp_rcps', { email: `planned-${i}@example.org`, grp: list.id });
  const schedules: number[] = [];
  for (let i = 0; i < SCHEDULES; i += 1) {
    const delivery = await call('POST', '/api/deliveries', {
      label: `Lettre ${i}`,
      internalname: `planned-${i}`,
      subject: `Lettre ${i}`,
      codeHtml: [b64(`<p>Lettre ${i}</p>`)],
      codeText: [b64(`Lettre ${i}`)],
    });
    await call('POST', '/api/amp/bo/modele/new', { id: delivery.id });
    const schedule = await call('POST', '/api/schedules', {
      delId: delivery.id,
      listId: list.id,
      frequency: 'quotidienne',
      firstAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    schedules.push(schedule.id);
  }
  const planned = await call('POST', '/api/sendEmail', {
    delId: (await call('POST', '/api/deliveries', { label: 'Ponctuel', internalname: 'ponctuel', codeText: [b64('Ponctuel')] })).id,
    listId: list.id,
    sendAt: new Date(Date.now() + 3600_000).toISOString(),
  });

  // Everything stops; meanwhile three days of occurrences pass.
  await first.stop();
  servers.splice(0);
  client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  await client.query(
    `UPDATE mail_schedule SET first_at = now() - interval '3 days', next_at = now() - interval '3 days' WHERE id = ANY($1::int[])`,
    [schedules],
  );
  await client.query(`UPDATE mail_send SET send_at = now() - interval '1 minute' WHERE id = $1`, [planned.id]);

  // Two processes start on the same database and compete for the due work.
  await Promise.all([start(), start()]);
  const expected = (SCHEDULES + 1) * CONTACTS;
  await sink.waitForCount(expected, 120_000);
  // Time for a duplicate to show up, if any process were to fire something twice.
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const sends = await client.query<{ schedule_id: number | null; total: number; status: string }>(
    `SELECT schedule_id, total, status FROM mail_send WHERE schedule_id = ANY($1::int[]) OR id = $2 ORDER BY id`,
    [schedules, planned.id],
  );
  expect(sends.rows).toHaveLength(SCHEDULES + 1);
  expect(new Set(sends.rows.map((row) => row.schedule_id)).size).toBe(SCHEDULES + 1);
  expect(sends.rows.every((row) => row.total === CONTACTS)).toBe(true);
  expect(sink.count).toBe(expected);
  expect(new Set(sink.messages.map((message) => message.messageId)).size).toBe(expected);
  const next = await client.query<{ future: boolean }>(
    'SELECT next_at > now() AS future FROM mail_schedule WHERE id = ANY($1::int[])',
    [schedules],
  );
  expect(next.rows.every((row) => row.future)).toBe(true);
});
