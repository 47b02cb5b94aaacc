import { simpleParser } from 'mailparser';
import { createTestApp, userIdOf, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { ampDocument, b64, getSend, makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';

let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };

// 550 for these, 450 twice then accepted for the next, always 450 for the last.
const refuse = (address: string, attempt: number) =>
  address.startsWith('bounce')
    ? 550
    : address.startsWith('later') && attempt <= 2
      ? 450
      : address.startsWith('never')
        ? 450
        : undefined;

beforeAll(async () => {
  sink = await startSmtpSink({ refuse });
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_RETRY_BASE_MS: '50',
    MAIL_RETRY_MAX_MS: '200',
    MAIL_MAX_ATTEMPTS: '3',
    MAIL_POLL_MS: '50',
  });
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const post = (url: string, headers: Record<string, string>, payload: unknown) => t.call('POST', url, headers, payload);
const receivedBy = (address: string) => sink.messages.filter((m) => m.to.includes(address));
const header = (mail: { headerLines: readonly { key: string; line: string }[] }, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');

describe('sending a delivery to a list', () => {
  it('sends one personalised multipart message (text, HTML, AMP) to each active contact', async () => {
    const delId = await makeDelivery(t, admin, {
      html: '<html><body><p>Bonjour {{firstname}}, code {{promo}}</p></body></html>',
      text: 'Bonjour {{firstname}}, code {{promo}}',
      amp: ampDocument('<p>AMP {{firstname}}</p>'),
      properties: {
        sequence: [{ sequence: 1, key: 'promo', value: 'SEQ', type: 'text', profil: 'influenceur' }],
        data: [{ key: 'promo', value: 'ETE24' }],
      },
    });
    const listId = await makeList(t, admin, [
      { email: 'ana@example.org', firstname: 'Ana' },
      { email: 'bob@example.org', firstname: '<Bob>' },
      { email: 'gone@example.org', firstname: 'Gone' },
    ]);
    await t.db.query(`UPDATE grp_rcp SET actif = 0 WHERE email = 'gone@example.org'`);
    const started = await startSend(t, admin, delId, listId);
    expect(started).toMatchObject({ '@id': `/api/sends/${started.id}`, total: 2, status: 'running' });
    const done = await waitForSend(t, admin, started.id);
    expect(done).toMatchObject({ total: 2, sent: 2, failed: 0, pending: 0, status: 'completed', failures: [] });
    expect(receivedBy('gone@example.org')).toHaveLength(0);

    const [raw] = receivedBy('bob@example.org');
    // Without BOUNCE_DOMAIN the envelope sender is MAIL_FROM's address.
    expect(raw.from).toBe('news@tgm.example');
    const mail = await simpleParser(raw.raw);
    expect(mail.subject).toBe('Bonjour <Bob>');
    expect(mail.from?.value).toEqual([{ name: 'TGM', address: 'news@tgm.example' }]);
    expect(mail.text).toContain('Bonjour <Bob>, code ETE24');
    expect(mail.html).toContain('Bonjour &lt;Bob&gt;, code ETE24');
    const amp = mail.attachments.find((a) => a.contentType === 'text/x-amp-html');
    expect(amp?.content.toString()).toContain('AMP &lt;Bob&gt;');
    const contactId = (await t.db.query<{ id: number }>(`SELECT id FROM grp_rcp WHERE email = 'bob@example.org'`))[0]
      .id;
    const [{ install_id: installId }] = await t.db.query<{ install_id: string }>('SELECT install_id FROM mail_install');
    expect(installId).toMatch(/^[0-9a-f]{16}$/);
    expect(mail.messageId).toBe(`<send-${started.id}.contact-${contactId}.${installId}@tgm.example>`);
    const link = /^<(https:\/\/tgm\.example\/api\/unsubscribe\/[^>]+)>$/.exec(
      header(mail, 'list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(amp?.content.toString()).toContain(`href="${link}"`);
  });

  it('marks a recipient the server rejects (550) failed with the reason; the others go', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [
      { email: 'one@example.org' },
      { email: 'bounce@example.org' },
      { email: 'two@example.org' },
    ]);
    const { id } = await startSend(t, admin, delId, listId);
    const done = await waitForSend(t, admin, id);
    expect(done).toMatchObject({ sent: 2, failed: 1, pending: 0, status: 'completed' });
    expect(done.failures).toEqual([
      expect.objectContaining({ email: 'bounce@example.org', reason: expect.stringContaining('550') }),
    ]);
    expect(receivedBy('one@example.org')).toHaveLength(1);
    expect(receivedBy('two@example.org')).toHaveLength(1);
    expect(receivedBy('bounce@example.org')).toHaveLength(0);
  });

  it('retries a recipient refused for now (4xx) with backoff, and fails it after the last try', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, [{ email: 'later@example.org' }, { email: 'never@example.org' }]);
    const { id } = await startSend(t, admin, delId, listId);
    const done = await waitForSend(t, admin, id);
    expect(done).toMatchObject({ sent: 1, failed: 1, status: 'completed' });
    expect(receivedBy('later@example.org')).toHaveLength(1);
    expect(done.failures).toEqual([
      expect.objectContaining({ email: 'never@example.org', reason: expect.stringContaining('450') }),
    ]);
    const attempts = await t.db.query<{ email: string; attempts: number }>(
      `SELECT c.email, r.attempts FROM mail_recipient r JOIN grp_rcp c ON c.id = r.contact_id WHERE r.send_id = $1 ORDER BY c.email`,
      [id],
    );
    expect(attempts).toEqual([
      { email: 'later@example.org', attempts: 2 },
      { email: 'never@example.org', attempts: 3 },
    ]);
  });

  it('pauses, resumes and cancels a send', async () => {
    const delId = await makeDelivery(t, admin);
    const paused = await startSend(t, admin, delId, await makeList(t, admin, 400));
    const pause = await post(`/api/sends/${paused.id}/pause`, admin, {});
    expect(pause.json().status).toBe('paused');
    // What was in flight lands; then nothing more goes while paused.
    const inFlight = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM mail_recipient WHERE send_id = $1 AND status = 'sending'`,
          [paused.id],
        )
      )[0].n;
    // A claim whose statement began before the pause committed may still take one batch: the
    // figures settle once nothing is in flight and they hold still for a moment.
    let during = await getSend(t, admin, paused.id);
    for (;;) {
      while ((await inFlight()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const settled = await getSend(t, admin, paused.id);
      if (settled.sent === during.sent && (await inFlight()) === 0) break;
      during = settled;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await getSend(t, admin, paused.id)).sent).toBe(during.sent);
    expect(during.pending).toBeGreaterThan(0);
    expect((await post(`/api/sends/${paused.id}/pause`, admin, {})).statusCode).toBe(409);
    expect((await post(`/api/sends/${paused.id}/resume`, admin, {})).json().status).toBe('running');
    expect(await waitForSend(t, admin, paused.id)).toMatchObject({ sent: 400, pending: 0 });
    expect((await post(`/api/sends/${paused.id}/cancel`, admin, {})).statusCode).toBe(409);

    // Big enough that the cancel meets the worker claiming (on PostgreSQL the two once deadlocked: 500).
    const cancelled = await startSend(t, admin, delId, await makeList(t, admin, 5000));
    const cancel = await post(`/api/sends/${cancelled.id}/cancel`, admin, {});
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    const after = await waitForSend(t, admin, cancelled.id, (view) => view.pending === 0);
    expect(after.cancelled).toBeGreaterThan(0);
    expect(after.sent + after.cancelled).toBe(5000);
  });

  it('lists the sends of a list and of a delivery, newest first, with their progress', async () => {
    const delId = await makeDelivery(t, admin);
    const listId = await makeList(t, admin, 2);
    const first = await startSend(t, admin, delId, listId);
    const second = await startSend(t, admin, delId, listId);
    await waitForSend(t, admin, second.id);
    await waitForSend(t, admin, first.id);
    const body = (await t.app.inject({ url: `/api/sends?list=${listId}`, headers: admin })).json();
    expect(body['hydra:member'].map((s: { id: number }) => s.id)).toEqual([second.id, first.id]);
    expect(body['hydra:member'][0]).toMatchObject({
      '@type': 'Send',
      list: listId,
      delivery: delId,
      total: 2,
      sent: 2,
      label: 'Lettre',
      listSubject: 'Abonnés',
      version: 1,
    });
    expect(
      (await t.app.inject({ url: `/api/sends?delivery=${delId}`, headers: admin })).json()['hydra:totalItems'],
    ).toBe(2);
  });
});

describe('bad input never answers 500', () => {
  it('answers 404, 403, 409 and 400 as the case may be', async () => {
    const operatorDelivery = await makeDelivery(t, admin, { user: userIdOf(operator) });
    const adminDelivery = await makeDelivery(t, admin);
    const adminList = await makeList(t, admin, 1);
    const operatorList = await makeList(t, operator, 1);
    const send = (headers: Record<string, string>, body: unknown) => post('/api/sendEmail', headers, body);

    expect((await send(operator, { delId: 999999, listId: operatorList })).statusCode).toBe(404);
    expect((await send(operator, { delId: operatorDelivery, listId: 999999 })).statusCode).toBe(404);
    expect((await send(operator, { delId: adminDelivery, listId: operatorList })).statusCode).toBe(403);
    expect((await send(operator, { delId: operatorDelivery, listId: adminList })).statusCode).toBe(403);
    const started = await send(operator, { delId: operatorDelivery, listId: operatorList });
    expect(started.statusCode).toBe(202);
    expect((await t.app.inject({ url: `/api/sends/${started.json().id}`, headers: operator })).statusCode).toBe(200);
    const adminSend = await send(admin, { delId: adminDelivery, listId: adminList });
    expect((await t.app.inject({ url: `/api/sends/${adminSend.json().id}`, headers: operator })).statusCode).toBe(403);
    expect((await post(`/api/sends/${adminSend.json().id}/cancel`, operator, {})).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/sends/999999', headers: admin })).statusCode).toBe(404);

    await t.call('PATCH', `/api/deliveries/${operatorDelivery}`, operator, { actif: 0 });
    const deleted = await send(operator, { delId: operatorDelivery, listId: operatorList });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toContain('supprimé');

    for (const [body, field] of [
      [{ listId: operatorList }, 'delId'],
      [{ delId: 'x', listId: operatorList }, 'delId'],
      [{ delId: adminDelivery, listId: -1 }, 'listId'],
    ] as const) {
      const response = await send(admin, body);
      expect({ status: response.statusCode, field: response.json().field }).toEqual({ status: 400, field });
    }
    const badBase64 = await post('/api/email/encoded', admin, { email: 'qa@example.org', codeHtml: ['@@@'] });
    expect(badBase64.json()).toMatchObject({ statusCode: 400, field: 'codeHtml.0' });
    const badTemplate = await post('/api/email/preview', admin, { codeHtml: [b64('{{#each}}')] });
    expect(badTemplate.json()).toMatchObject({ statusCode: 400, field: 'codeHtml' });
    expect(
      (await post('/api/email/encoded', admin, { email: 'not-an-address', delId: adminDelivery })).json().field,
    ).toBe('email');
    expect((await post('/api/sendEmail', {}, { delId: adminDelivery, listId: adminList })).statusCode).toBe(401);
  });
});

describe('test send (BAT) and preview', () => {
  it('sends the editor content to one address through the same path, with all three parts', async () => {
    const response = await post('/api/email/encoded', admin, {
      email: 'qa@example.org',
      subject: 'Essai {{firstname}}',
      codeHtml: [b64('<html><body><p>HTML {{firstname}}</p></body></html>')],
      codeText: [b64('Texte {{firstname}}')],
      codeAmp: ampDocument('AMP'),
    });
    expect(response.statusCode).toBe(200);
    const [message] = receivedBy('qa@example.org');
    expect(message.messageId).toBe(response.json().messageId);
    const mail = await simpleParser(message.raw);
    expect(mail.subject).toBe('[BAT] Essai Prénom');
    expect(mail.text).toContain('Texte Prénom');
    expect(mail.html).toContain('HTML Prénom');
    expect(mail.attachments.map((a) => a.contentType)).toContain('text/x-amp-html');
    expect(header(mail, 'list-unsubscribe')).toBe('<https://tgm.example/api/unsubscribe/test>');
  });

  it('sends a saved delivery by id, and says when the server refuses the address', async () => {
    const delId = await makeDelivery(t, admin, { subject: 'Saved' });
    expect((await post('/api/email/encoded', admin, { email: 'saved@example.org', delId })).statusCode).toBe(200);
    expect((await simpleParser(receivedBy('saved@example.org')[0].raw)).subject).toBe('[BAT] Saved');
    const refused = await post('/api/email/encoded', admin, { email: 'bounce-bat@example.org', delId });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('550');
    expect((await post('/api/email/encoded', admin, { email: 'x@example.org' })).json().field).toBe('codeHtml');
  });

  it('previews as a contact would see it and reports the keys without a value', async () => {
    const response = await post('/api/email/preview', admin, {
      subject: 'Objet {{firstname}}',
      codeHtml: [b64('<p>{{firstname}} {{promo}} {{absent}}</p>')],
      codeAmp: '<p>{{other}}</p>',
      properties: { data: [{ key: 'promo', value: '<PROMO>' }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subject: 'Objet Prénom', missing: ['absent', 'other'], text: '' });
    expect(response.json().html).toContain('<p>Prénom &lt;PROMO&gt; </p>');
    expect(response.json().html).toContain('Se désabonner');
  });
});

describe('GET /api/email/variables', () => {
  it("answers the variables every message can use, to whoever is signed in", async () => {
    const response = await t.call('GET', '/api/email/variables', operator);
    expect(response.statusCode).toBe(200);
    expect(response.json().variables.map((variable: { name: string }) => variable.name)).toEqual([
      'firstname',
      'lastname',
      'email',
      'attribs',
      'unsubscribeUrl',
      'preferencesUrl',
      'videos',
    ]);
    expect(response.json().variables[0]).toEqual({ name: 'firstname', group: 'contact', label: 'Prénom du contact', example: 'Prénom' });
    expect((await t.app.inject({ method: 'GET', url: '/api/email/variables' })).statusCode).toBe(401);
  });
});

describe('stopping the worker', () => {
  it('ends at once when the stop finds it in the database, however long its poll', async () => {
    // Right after the start, the worker's loop is in its first claim: the stop came with no
    // wait to end, and the loop's next wait held the close for a whole poll (a minute here).
    const slowPoll = await createTestApp({ MAIL_POLL_MS: '60000' });
    let timer: NodeJS.Timeout | undefined;
    const closed = slowPoll.app.close().then(() => 'closed');
    const pollOver = new Promise<string>((resolve) => (timer = setTimeout(resolve, 30_000, 'still waiting')));
    expect(await Promise.race([closed, pollOver])).toBe('closed');
    clearTimeout(timer);
    await slowPoll.db.close();
  }, 45_000);
});
