import { createTestApp, userIdOf, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';
import { DOWNLOAD_TTL_SECONDS } from '../../../shared/downloadLinks';
import { csvCell } from './report';

const SECRET = 'webhook-secret-0123456789';
let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink({ refuse: (address) => (address.startsWith('refused') ? 550 : undefined) });
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    BOUNCE_WEBHOOK_SECRET: SECRET,
  });
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const htmlOf = (address: string) => sink.messages.find((m) => m.to.includes(address))!.raw.toString();
const trackedLink = (address: string) =>
  /https:\/\/tgm\.example(\/api\/t\/c\/[^"\s]+)"/.exec(htmlOf(address).replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1];

describe("a send's report", () => {
  it('answers the counters, the timeline, the links, failures and bounces, and a CSV of each outcome', async () => {
    const delId = await makeDelivery(t, admin, {
      html: '<html><body><a href="https://shop.example/offre">Offre</a></body></html>',
      properties: { tracking: true },
    });
    const listId = await makeList(t, admin, [
      { email: 'ana@example.org', firstname: '=HYPERLINK("x")' },
      { email: 'bob@example.org', firstname: 'Bob' },
      { email: 'refused@example.org', firstname: 'Rex' },
      { email: 'gone@example.org', firstname: 'Gil' },
    ]);
    const { id } = await startSend(t, admin, delId, listId);
    await waitForSend(t, admin, id);
    expect((await t.app.inject({ url: trackedLink('ana@example.org') })).statusCode).toBe(302);
    const bounced = await t.app.inject({
      method: 'POST',
      url: '/api/bounces/generic',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ bounces: [{ email: 'gone@example.org', type: 'hard', status: '5.1.1', reason: 'User unknown' }] }),
    });
    expect(bounced.json()).toEqual({ recorded: 1, unknown: 0 });

    const response = await t.app.inject({ url: `/api/sends/${id}/report`, headers: admin });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ total: 4, sent: 3, failed: 1, bounced: 1, opened: 1, clicked: 1, unsubscribed: 0, pending: 0 });
    expect(report.failures).toEqual([expect.objectContaining({ email: 'refused@example.org', reason: expect.stringContaining('550') })]);
    expect(report.bounces).toEqual([expect.objectContaining({ email: 'gone@example.org', kind: 'hard', reason: 'User unknown' })]);
    expect(report.links).toEqual([{ url: 'https://shop.example/offre', clicks: 1, contacts: 1 }]);
    const sum = (points: { count: number }[]) => points.reduce((total, point) => total + point.count, 0);
    expect(sum(report.timeline.sentPerMinute)).toBe(3);
    expect(sum(report.timeline.opensPerHour)).toBe(1);
    expect(sum(report.timeline.clicksPerHour)).toBe(1);

    const csv = await t.app.inject({ url: `/api/sends/${id}/outcomes.csv`, headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="envoi-${id}.csv"`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,firstname,lastname,status,sentAt,reason,bounce,bounceStatus,bounceReason,openedAt,lastOpenedAt,opens,machineOpen,clickedAt,clicks,unsubscribedAt');
    expect(lines).toHaveLength(5);
    const row = (email: string) => lines.find((line) => line.startsWith(email))!.split(',');
    expect(row('ana@example.org')[1]).toBe(`"'=HYPERLINK(""x"")"`);
    expect(row('ana@example.org')[14]).toBe('1');
    expect(row('refused@example.org')[3]).toBe('failed');
    expect(row('gone@example.org').slice(6, 9)).toEqual(['hard', '5.1.1', 'User unknown']);

    // Someone else's send is not theirs to read.
    expect((await t.app.inject({ url: `/api/sends/${id}/report`, headers: operator })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/sends/${id}/outcomes.csv`, headers: operator })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/sends/${id}/outcomes.csv` })).statusCode).toBe(401);

    // The console follows a one-minute link instead, which streams the file to disk.
    const linked = await t.app.inject({ method: 'POST', url: `/api/sends/${id}/outcomes.csv/download`, headers: admin });
    expect(linked.statusCode).toBe(201);
    const { url, token, expiresIn } = linked.json();
    expect(url).toBe(`/api/sends/${id}/outcomes.csv?download=${encodeURIComponent(token)}`);
    expect(expiresIn).toBe(DOWNLOAD_TTL_SECONDS);
    const followed = await t.app.inject({ url });
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toBe(csv.body);
    // The link opens its own send only; another purpose's token opens nothing here.
    const other = t.tokens.signScoped('contacts-export', { user: userIdOf(admin), grp: 1 }, DOWNLOAD_TTL_SECONDS);
    for (const [path, bad] of [
      [`/api/sends/${id + 1}/outcomes.csv`, token],
      [`/api/sends/${id}/outcomes.csv`, other],
      [`/api/sends/${id}/outcomes.csv`, 'x'],
    ]) {
      const refused = await t.app.inject({ url: `${path}?download=${encodeURIComponent(bad)}` });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ field: 'download', message: 'Lien de téléchargement invalide ou expiré.' });
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/sends/${id}/outcomes.csv/download`, headers: operator })).statusCode).toBe(403);
  });

  it('writes CSV cells safely', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('+33 6')).toBe("'+33 6");
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});
