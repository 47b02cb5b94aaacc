import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { jsonClient, type JsonClient } from '../../testing/requests';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';

let sink: SmtpSink;
let t: TestApp;
let api: JsonClient;
let admin: { authorization: string };
let adminId: number;
let operatorId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    INVITATION_TTL_HOURS: '48',
  });
  api = jsonClient(t.app);
  admin = await t.adminBearer();
  const ids = await t.db.query<{ id: number; email: string }>('SELECT id, email FROM app_user');
  adminId = ids.find((u) => u.email === t.config.adminEmail)!.id;
  operatorId = ids.find((u) => u.email === t.config.operatorEmail)!.id;
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

async function mailsTo(address: string, count: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const received = sink.messages.filter((m) => m.to.includes(address));
    if (received.length >= count) return Promise.all(received.map((m) => simpleParser(m.raw)));
    if (Date.now() > deadline) throw new Error(`${received.length} message(s) to ${address}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const linkToken = (text: string) => /https:\/\/tgm\.example\/invitation\/([\w-]+)/.exec(text)?.[1] as string;
const accept = (token: string, password: string) => api.post('/api/invitation', {}, { token, password });
const STRONG = 'colibri-banquise-ardoise-42';

describe('the demo accounts after migration 0160', () => {
  it('makes today\'s operator an expéditeur and keeps the admin, both signing in with their passwords', async () => {
    const rows = await t.db.query<{ email: string; roles: string[] }>('SELECT email, roles FROM app_user ORDER BY id');
    expect(rows.find((u) => u.email === t.config.operatorEmail)?.roles).toEqual(['ROLE_EXPEDITEUR']);
    expect(rows.find((u) => u.email === t.config.adminEmail)?.roles).toContain('ROLE_ADMIN');
    expect(rows.flatMap((u) => u.roles)).not.toContain('ROLE_USER');
    expect((await t.operatorBearer()).authorization).toMatch(/^Bearer /);
  });
});

describe('invitations', () => {
  it('invites a colleague who chooses a password once and lands signed in', async () => {
    const created = await api.post('/api/users', admin, { email: 'Collegue@Example.org', roles: ['ROLE_EDITEUR'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'collegue@example.org', roles: ['ROLE_EDITEUR'], deactivatedAt: null });
    expect(created.json().invitedAt).toEqual(expect.any(String));
    // Not signed in before the invitation is accepted.
    expect((await api.post('/api/login_check', {}, { email: 'collegue@example.org', password: '' })).statusCode).toBe(400);

    const [message] = await mailsTo('collegue@example.org', 1);
    expect(message.subject).toContain('vous êtes invité·e');
    expect(message.text).toContain('48 heures');
    const token = linkToken(message.text ?? '');
    expect(linkToken(message.html || '')).toBe(token);
    const [{ payloads }] = await t.db.query<{ payloads: string }>("SELECT string_agg(payload::text, ' ') AS payloads FROM mail_message WHERE kind = 'invitation'");
    expect(payloads).not.toContain(token);

    const weak = await accept(token, 'motdepasse1234');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('password');
    const short = await accept(token, 'court');
    expect(short.json()).toMatchObject({ statusCode: 400, field: 'password' });
    expect(short.json().message).toContain('12 caractères');

    const accepted = await accept(token, STRONG);
    expect(accepted.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${accepted.json().token}` };
    const me = await api.get('/api/users', bearer);
    expect(me.json()['hydra:member']).toEqual([expect.objectContaining({ email: 'collegue@example.org', invitedAt: null })]);
    // Once only; an unknown link is 404.
    expect((await accept(token, STRONG)).statusCode).toBe(410);
    expect((await accept('inventeInventeInvente0123456789', STRONG)).statusCode).toBe(404);
    expect((await t.bearer('collegue@example.org', STRONG)).authorization).toMatch(/^Bearer /);
  });

  it('refuses a taken address (409), unknown roles and none (400), and a non-admin (403)', async () => {
    const taken = await api.post('/api/users', admin, { email: t.config.operatorEmail, roles: ['ROLE_EDITEUR'] });
    expect(taken.json()).toMatchObject({ statusCode: 409, field: 'email' });
    expect((await api.post('/api/users', admin, { email: 'x1@example.org', roles: ['ROLE_CHEF'] })).json()).toMatchObject({ statusCode: 400, field: 'roles' });
    expect((await api.post('/api/users', admin, { email: 'x2@example.org', roles: [] })).json()).toMatchObject({ statusCode: 400, field: 'roles' });
    expect((await api.post('/api/users', admin, { email: 'pas une adresse', roles: ['ROLE_EDITEUR'] })).json().field).toBe('email');
    const operator = await t.operatorBearer();
    expect((await api.post('/api/users', operator, { email: 'x3@example.org', roles: ['ROLE_ADMIN'] })).statusCode).toBe(403);
  });
});

describe('roles, deactivation and transfer', () => {
  it('keeps the last active admin: neither demoted nor deactivated (409), until another exists', async () => {
    const demote = await api.patch(`/api/users/${adminId}`, admin, { roles: ['ROLE_EXPEDITEUR'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toContain('dernier administrateur');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${adminId}`, headers: admin })).statusCode).toBe(409);
    // Another admin: now the first may step down.
    const [{ id }] = await t.db.query<{ id: number }>(
      `INSERT INTO app_user (email, password_hash, roles) VALUES ('adjointe@example.org', 'x', '["ROLE_ADMIN"]') RETURNING id`,
    );
    expect((await api.patch(`/api/users/${id}`, admin, { roles: ['ROLE_ADMIN', 'ROLE_EXPEDITEUR'] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: admin })).statusCode).toBe(204);
    // Both are in the audit trail, by whom and on whom; a refused change is not.
    const trail = await t.db.query<{ action: string; user_id: number; detail: { id: number; to?: string[] } }>(
      `SELECT action, user_id, detail FROM audit_entry WHERE action IN ('user.role_changed', 'user.deactivated') ORDER BY id`,
    );
    expect(trail).toEqual([
      { action: 'user.role_changed', user_id: adminId, detail: expect.objectContaining({ id, to: ['ROLE_ADMIN', 'ROLE_EXPEDITEUR'] }) },
      { action: 'user.deactivated', user_id: adminId, detail: { id } },
    ]);
    // Deactivated, she no longer counts.
    expect((await api.patch(`/api/users/${adminId}`, admin, { roles: ['ROLE_EDITEUR'] })).statusCode).toBe(409);
  });

  it('lets only one of two admins demoting each other at once pass: one admin stays', async () => {
    const [{ id }] = await t.db.query<{ id: number }>(
      `INSERT INTO app_user (email, password_hash, roles) VALUES ('bras-droit@example.org', 'x', '["ROLE_ADMIN"]') RETURNING id`,
    );
    const other = await t.signIn(id);
    const answers = await Promise.all([
      api.patch(`/api/users/${id}`, admin, { roles: ['ROLE_EDITEUR'] }),
      api.patch(`/api/users/${adminId}`, other, { roles: ['ROLE_EDITEUR'] }),
    ]);
    // The other is refused: 409 when its check finds a single admin left, or 403 when the first
    // demotion committed before it was authorised (its caller is no admin any more).
    const [passed, refused] = answers.map((answer) => answer.statusCode).sort();
    expect(passed).toBe(200);
    expect([403, 409]).toContain(refused);
    const [{ admins }] = await t.db.query<{ admins: number }>(
      `SELECT count(*)::int AS admins FROM app_user WHERE roles @> '["ROLE_ADMIN"]'::jsonb AND deactivated_at IS NULL`,
    );
    expect(admins).toBe(1);
    // The demo admin back, for the tests that follow.
    await t.db.query(`UPDATE app_user SET roles = '["ROLE_ADMIN","ROLE_EXPEDITEUR"]' WHERE id = $1`, [adminId]);
    await t.db.query(`UPDATE app_user SET deactivated_at = now() WHERE id = $1`, [id]);
  });

  it('deactivates: sessions end, tokens stop, no sign-in; the rows stay and go to another user', async () => {
    const [{ id }] = await t.db.query<{ id: number }>(
      `INSERT INTO app_user (email, password_hash, roles) VALUES ('partant@example.org', 'x', '["ROLE_EXPEDITEUR"]') RETURNING id`,
    );
    const session = await t.signIn(id);
    const list = (await api.post('/api/grps', session, { subject: 'Liste du partant' })).json();
    expect(list.id).toEqual(expect.any(Number));
    const token = (await api.post('/api/tokens', session, { name: 'CRM', scopes: ['listes:lecture'] })).json().token as string;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await api.get('/api/grps', bearer)).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: admin })).statusCode).toBe(204);
    expect((await api.get('/api/grps', session)).statusCode).toBe(401);
    expect((await api.get('/api/grps', bearer)).statusCode).toBe(401);
    const [{ grps }] = await t.db.query<{ grps: number }>('SELECT count(*)::int AS grps FROM grp WHERE user_id = $1', [id]);
    expect(grps).toBe(1);

    expect((await api.post(`/api/users/${id}/transfert`, admin, { to: id })).json()).toMatchObject({ statusCode: 400, field: 'to' });
    expect((await api.post(`/api/users/${id}/transfert`, admin, { to: 999999 })).json()).toMatchObject({ statusCode: 400, field: 'to' });
    const moved = await api.post(`/api/users/${id}/transfert`, admin, { to: operatorId });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().moved.grp).toBe(1);
    const [transfer] = await t.db.query<{ rows: number; detail: { from: number; to: number } }>(
      `SELECT rows, detail FROM audit_entry WHERE action = 'user.transferred'`,
    );
    expect(transfer).toMatchObject({ detail: { from: id, to: operatorId } });
    expect(transfer.rows).toBeGreaterThanOrEqual(1);
    const operator = await t.operatorBearer();
    expect((await api.get(`/api/grps/${list.id}`, operator)).statusCode).toBe(200);
  });

  it('refuses a deactivated user at sign-in like a wrong password', async () => {
    await t.db.query(`INSERT INTO app_user (email, password_hash, roles, deactivated_at) SELECT 'ancien@example.org', password_hash, roles, now() FROM app_user WHERE email = $1`, [t.config.operatorEmail]);
    const login = await api.post('/api/login_check', {}, { email: 'ancien@example.org', password: t.config.operatorPassword });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Identifiants invalides.');
  });

  it('lets an éditeur prepare but not send, schedule, activate, export or test-send to another', async () => {
    const [{ id }] = await t.db.query<{ id: number }>(
      `INSERT INTO app_user (email, password_hash, roles) VALUES ('editrice@example.org', 'x', '["ROLE_EDITEUR"]') RETURNING id`,
    );
    const editor = await t.signIn(id);
    const list = await api.post('/api/grps', editor, { subject: 'Brouillon de liste' });
    expect(list.statusCode).toBe(201);
    expect((await api.post('/api/sendEmail', editor, { delId: 1, listId: list.json().id })).statusCode).toBe(403);
    const schedule = await api.post('/api/schedules', editor, { delId: 1, listId: list.json().id, frequency: 'hebdomadaire', firstAt: '2099-01-04T09:00' });
    expect(schedule.statusCode).toBe(403);
    expect(schedule.json().message).toContain('éditeur');
    expect((await api.post(`/api/grps/${list.json().id}/contacts.csv/download`, editor, {})).statusCode).toBe(403);
    const automation = await api.post('/api/automations', editor, { name: 'Brouillon', trigger: { type: 'liste', grp: list.json().id }, steps: [] });
    expect(automation.statusCode).toBe(201);
    expect((await api.patch(`/api/automations/${automation.json().id}`, editor, { status: 'active' })).statusCode).toBe(403);
    expect((await api.post(`/api/automations/${automation.json().id}/activate`, editor, {})).statusCode).toBe(403);
    const bat = await api.post('/api/email/encoded', editor, { email: 'quelquun@example.org', codeHtml: [Buffer.from('<p>x</p>').toString('base64')] });
    expect(bat.json()).toMatchObject({ statusCode: 403 });
  });
});
