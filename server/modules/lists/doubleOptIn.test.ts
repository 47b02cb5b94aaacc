import { simpleParser } from 'mailparser';
import { createTestApp, userIdOf, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { b64, makeDelivery, startSend, waitForSend } from '../../testing/mailFixtures';
import { runAutomations } from '../automations/runner';

/**
 * Double opt-in end to end (issue 23) on the real queue and SMTP server: the confirmation is
 * the only message a waiting contact gets; its link's GET confirms nothing, the button's POST
 * does, and the contact then enters the list's automations.
 */
let sink: SmtpSink;
let t: TestApp;
let operator: { authorization: string };
let admin: { authorization: string };
let list: number;

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
  list = (await t.call('POST', '/api/grps', operator, { subject: 'Lettre confirmée', doubleOptIn: true })).json().id;
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const subscribe = (email: string) =>
  t.app.inject({ method: 'POST', url: `/api/grps/${list}/subscribe`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email }) });

async function messageTo(address: string, index = 0) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = sink.messages.filter((m) => m.to.includes(address));
    if (found[index]) return simpleParser(found[index].raw);
    if (Date.now() > deadline) throw new Error(`no message ${index} to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const tokenIn = (text: string) => /https:\/\/tgm\.example\/confirmation\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

it('mails a French confirmation whose button, not its link, confirms; then the contact is mailed and enters automations', async () => {
  const delivery = await makeDelivery(t, admin, { subject: 'Bienvenue', html: '<p>Bienvenue</p>', text: 'Bienvenue', user: userIdOf(operator) });
  const automation = (
    await t.call('POST', '/api/automations', operator, { name: 'Accueil', trigger: { type: 'liste', grp: list }, steps: [{ delivery, delayMinutes: 0 }] })
  ).json();
  await t.call('POST', `/api/automations/${automation.id}/activate`, operator, {});

  expect((await subscribe('optin@example.org')).statusCode).toBe(202);
  // Asking twice while waiting sends one confirmation.
  await subscribe('optin@example.org');
  const confirmation = await messageTo('optin@example.org');
  expect(confirmation.subject).toBe('Confirmez votre abonnement à « Lettre confirmée »');
  expect(confirmation.text).toContain('Je confirme');
  const token = tokenIn(confirmation.text ?? '');
  expect(token).toHaveLength(43);

  // A send to the list and the automation pass the waiting contact by.
  const send = await startSend(t, operator, delivery, list);
  expect(send.total).toBe(0);
  await runAutomations(t.db, { timezone: 'Europe/Paris' });
  await waitForSend(t, operator, send.id);

  // A link scanner's GET (and HEAD) confirm nothing.
  await t.app.inject({ method: 'GET', url: `/api/confirmations/${token}` });
  await t.app.inject({ method: 'HEAD', url: `/api/confirmations/${token}` });
  const [waiting] = await t.db.query<{ id: number; status: string }>(`SELECT id, status FROM grp_rcp WHERE email = 'optin@example.org'`);
  expect(waiting.status).toBe('en attente');

  const confirmed = await t.app.inject({ method: 'POST', url: `/api/confirmations/${token}` });
  expect(confirmed.json()).toMatchObject({ confirmed: true, email: 'optin@example.org' });
  await runAutomations(t.db, { timezone: 'Europe/Paris' });
  const welcome = await messageTo('optin@example.org', 1);
  expect(welcome.subject).toBe('Bienvenue');
  expect(sink.messages.filter((m) => m.to.includes('optin@example.org'))).toHaveLength(2);
  const consent = (await t.call('GET', `/api/grp_rcps/${waiting.id}`, operator)).json().consent;
  expect(consent.map((e: { type: string; source: string }) => `${e.type}/${e.source}`)).toEqual(['ajouté/api', 'confirmé/message']);
});

it("uses an admin's template named confirmation-liste instead of the built-in one", async () => {
  const created = await t.call('POST', '/api/deliveries', admin, {
    label: 'Confirmation',
    internalname: 'confirmation-liste',
    subject: 'Un clic pour {{liste}}',
    codeHtml: [b64('<p>Bonjour {{email}}, <a href="{{lien}}">confirmez</a>.</p>')],
    codeText: [b64('Bonjour {{email}}, confirmez : {{lien}}')],
  });
  expect(created.statusCode).toBe(201);
  await subscribe('custom@example.org');
  const message = await messageTo('custom@example.org');
  expect(message.subject).toBe('Un clic pour Lettre confirmée');
  expect(message.text).toMatch(/^Bonjour custom@example\.org, confirmez : https:\/\/tgm\.example\/confirmation\/[A-Za-z0-9_-]{43}/);
});
