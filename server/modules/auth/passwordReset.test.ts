import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    PASSWORD_RESET_TTL_MINUTES: '30',
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const forgot = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
const reset = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password } });

async function resetMails(address: string, count: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const received = sink.messages.filter((m) => m.to.includes(address));
    if (received.length >= count) return Promise.all(received.map((m) => simpleParser(m.raw)));
    if (Date.now() > deadline) throw new Error(`${received.length} message(s) to ${address}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const linkToken = (text: string) => /https:\/\/tgm\.example\/mot-de-passe\/([\w-]+)/.exec(text)?.[1] as string;

/**
 * Every message the queue has not sent yet has been tried: nothing more is on its way. The
 * request queues its message once its answer has left: a moment is given for that first.
 */
async function queueSettled() {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [{ waiting }] = await t.db.query<{ waiting: number }>("SELECT count(*)::int AS waiting FROM mail_message WHERE status = 'pending'");
    if (waiting === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the queue did not settle');
}

it('answers 202 alike for every address, and mails a single-use link to an account only', async () => {
  const known = await forgot('  Operateur@TGM.local ');
  const unknown = await forgot('personne@nulle-part.example');
  expect(known.statusCode).toBe(202);
  expect(unknown.statusCode).toBe(202);
  expect(unknown.json()).toEqual(known.json());
  expect(known.json().message).toMatch(/Si un compte existe pour cette adresse/);

  const [message] = await resetMails('operateur@tgm.local', 1);
  expect(message.subject).toContain('choisir un nouveau mot de passe');
  expect(message.text).toContain('30 minutes');
  expect(linkToken(message.html || '')).toBe(linkToken(message.text ?? ''));
  await queueSettled();
  expect(sink.messages.filter((m) => m.to.includes('personne@nulle-part.example'))).toHaveLength(0);
  // The token is stored hashed, never in the queue's payload.
  const token = linkToken(message.text ?? '');
  const [{ payloads }] = await t.db.query<{ payloads: string }>("SELECT string_agg(payload::text, ' ') AS payloads FROM mail_message WHERE kind = 'mot-de-passe'");
  expect(payloads).not.toContain(token);

  // Asked again at once: no second message floods the inbox.
  expect((await forgot('operateur@tgm.local')).statusCode).toBe(202);
  await queueSettled();
  expect(sink.messages.filter((m) => m.to.includes('operateur@tgm.local'))).toHaveLength(1);
});

it('sets the new password once, ends every session, and refuses a used, unknown or short one naming the field', async () => {
  const before = await t.bearer('operateur@tgm.local', 'operateur-tgm-2026');
  expect((await t.app.inject({ url: '/api/grps', headers: before })).statusCode).toBe(200);
  const [message] = await resetMails('operateur@tgm.local', 1);
  const token = linkToken(message.text ?? '');

  const short = await reset(token, 'court');
  expect(short.statusCode).toBe(400);
  expect(short.json().field).toBe('password');
  // The one rule (shared/passwordRule.ts): 12 characters are not enough when they are easy to guess.
  const weak = await reset(token, 'motdepasse1234');
  expect(weak.statusCode).toBe(400);
  expect(weak.json()).toMatchObject({ field: 'password' });
  // The other single-use links' page does not know this one.
  expect((await t.app.inject({ url: `/api/confirmations/${token}` })).statusCode).toBe(404);

  expect((await reset(token, 'girafe-violon-tempête-77')).statusCode).toBe(204);
  expect((await t.app.inject({ url: '/api/grps', headers: before })).statusCode).toBe(401);
  const oldLogin = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: 'operateur@tgm.local', password: 'operateur-tgm-2026' } });
  expect(oldLogin.statusCode).toBe(401);
  const newLogin = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: 'operateur@tgm.local', password: 'girafe-violon-tempête-77' } });
  expect(newLogin.statusCode).toBe(200);

  const again = await reset(token, 'encore-un-autre-mot');
  expect(again.statusCode).toBe(410);
  expect(again.json()).toMatchObject({ field: 'token', message: expect.stringMatching(/déjà servi/) });
  const unknown = await reset('pas-un-jeton', 'encore-un-autre-mot');
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().field).toBe('token');
});

it('refuses a link past its time', async () => {
  await t.db.query("UPDATE mail_message SET key = key || ':old' WHERE kind = 'mot-de-passe'");
  expect((await forgot('admin@tgm.local')).statusCode).toBe(202);
  const [message] = await resetMails('admin@tgm.local', 1);
  const token = linkToken(message.text ?? '');
  await t.db.query("UPDATE confirmation SET expires_at = now() - interval '1 second' WHERE kind = 'mot-de-passe' AND used_at IS NULL");
  const late = await reset(token, 'girafe-violon-tempête-77');
  expect(late.statusCode).toBe(410);
  expect(late.json().message).toMatch(/expiré/);
  expect((await forgot(42)).statusCode).toBe(400);
});
