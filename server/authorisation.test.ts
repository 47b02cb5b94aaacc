import { createSigner } from 'fast-jwt';
import type { LightMyRequestResponse } from 'fastify';
import { startApiTest, type ApiTest } from './testing/requests';

/**
 * The authorisation matrix, generated from the server's own route table: every route ×
 * {no token, forged signature, expired, alg none, another non-admin user, the owner (an
 * expéditeur), admin, an éditeur, an API token of the owner with each scope}. A route the
 * table below does not know fails the suite: a new route states who may call it.
 */

/**
 * Who a route serves: anyone, a signed-in user (an éditeur too), an expéditeur or an admin
 * (`sender`: sending, scheduling, activating, exports, erasures), admins only, a visitor's or a
 * recipient's token, or a service presenting a shared secret (webhooks).
 */
type Access = 'public' | 'bearer' | 'sender' | 'adminWrite' | 'visitor' | 'recipient' | 'secret' | 'capability';
/** The scopes of an API token (server/shared/access.ts), each with the identity that holds it alone. */
const SCOPES = {
  listesR: 'listes:lecture',
  listesW: 'listes:écriture',
  envoisW: 'envois:écriture',
  modelesR: 'modèles:lecture',
  modelesW: 'modèles:écriture',
  webhooks: 'webhooks',
} as const;
type Scope = (typeof SCOPES)[keyof typeof SCOPES];
/** A write scope lets a token read what it writes. */
const IMPLIES: Partial<Record<Scope, Scope>> = { 'listes:écriture': 'listes:lecture', 'modèles:écriture': 'modèles:lecture' };
interface Rule {
  access: Access;
  /** The API token scope that opens it; none: tokens are refused (403). */
  scope?: Scope;
  /** Its path names a record of the owner: another non-admin gets 403 or 404. */
  owned?: boolean;
  /** A valid JSON body, where `{}` would be refused before the owner is checked. */
  body?: Record<string, unknown>;
  /** It may end the caller's (or another's) session: every identity signs in again after it. */
  endsSessions?: boolean;
}

const ROUTES: Record<string, Rule> = {
  'GET /api/health': { access: 'public' },
  'POST /api/login_check': { access: 'public' },
  'POST /api/password/forgot': { access: 'public', body: { email: 'personne@nulle-part.example' } },
  // The reset link's token is the credential: a made-up one is refused.
  'POST /api/password/reset': { access: 'recipient', body: { token: 'forgedResetToken0123456789', password: 'girafe-violon-tempête-77' } },
  'POST /api/logout': { access: 'bearer', endsSessions: true },
  'POST /api/me/password': { access: 'bearer', endsSessions: true },
  'POST /api/me/totp': { access: 'bearer' },
  'POST /api/me/totp/confirm': { access: 'bearer', body: { code: '123456' } },
  'DELETE /api/users/:id/sessions': { access: 'adminWrite', endsSessions: true },
  'POST /api/users': { access: 'adminWrite', body: { email: 'invitee-matrice@example.org', roles: ['ROLE_EDITEUR'] } },
  // Deactivates the owner (the matrix gives them back their account after it).
  'DELETE /api/users/:id': { access: 'adminWrite', endsSessions: true },
  'POST /api/users/:id/transfert': { access: 'adminWrite', body: { to: 2147483000 } },
  'POST /api/invitation': { access: 'recipient', body: { token: 'forgedInvitationToken0123456789', password: 'girafe-violon-tempête-77' } },
  'GET /api/tokens': { access: 'bearer' },
  'POST /api/tokens': { access: 'bearer', body: { name: 'matrice', scopes: ['listes:lecture'] } },
  'DELETE /api/tokens/:id': { access: 'bearer', owned: true },
  'GET /api/users': { access: 'bearer' },
  'GET /api/users/:id': { access: 'bearer', owned: true },
  'PATCH /api/users/:id': { access: 'bearer', owned: true },
  'GET /api/grps': { access: 'bearer', scope: 'listes:lecture' },
  'POST /api/grps': { access: 'bearer', scope: 'listes:écriture' },
  'GET /api/grps/:id': { access: 'bearer', scope: 'listes:lecture', owned: true },
  'PATCH /api/grps/:id': { access: 'bearer', scope: 'listes:écriture', owned: true },
  'GET /api/grp_rcps': { access: 'bearer', scope: 'listes:lecture' },
  'POST /api/grp_rcps': { access: 'bearer', scope: 'listes:écriture' },
  'GET /api/grp_rcps/:id': { access: 'bearer', scope: 'listes:lecture', owned: true },
  'PATCH /api/grp_rcps/:id': { access: 'bearer', scope: 'listes:écriture', owned: true },
  'GET /api/grp_rcps/:id/count': { access: 'bearer', scope: 'listes:lecture', owned: true },
  'GET /api/grprcp/last': { access: 'bearer', scope: 'listes:lecture' },
  'POST /api/mgt/RT/createGrpRcp/byDate': { access: 'bearer', scope: 'listes:écriture' },
  'GET /api/grps/:id/refresh': { access: 'bearer', scope: 'listes:écriture', owned: true },
  'POST /api/amp/bo/target/new': { access: 'bearer', scope: 'listes:écriture' },
  'POST /api/grps/:id/import': { access: 'bearer', scope: 'listes:écriture', owned: true },
  'GET /api/grps/:id/contacts.csv': { access: 'sender', scope: 'listes:lecture', owned: true },
  'POST /api/grps/:id/contacts.csv/download': { access: 'sender', scope: 'listes:lecture', owned: true },
  'GET /api/grps/:id/attribs': { access: 'bearer', scope: 'listes:lecture', owned: true },
  'GET /api/segments': { access: 'bearer', scope: 'listes:lecture' },
  'POST /api/segments': { access: 'bearer', scope: 'listes:écriture' },
  'GET /api/segments/:id': { access: 'bearer', scope: 'listes:lecture', owned: true },
  'PATCH /api/segments/:id': { access: 'bearer', scope: 'listes:écriture', owned: true },
  'DELETE /api/segments/:id': { access: 'bearer', scope: 'listes:écriture', owned: true },
  'GET /api/segments/:id/count': { access: 'bearer', scope: 'listes:lecture', owned: true },
  'POST /api/segments/count': { access: 'bearer', scope: 'listes:lecture' },
  // The preference page's link is its credential: a made-up token names nobody.
  'GET /api/preferences/:token': { access: 'recipient' },
  'POST /api/preferences/:token': { access: 'recipient', body: { grp: 1, subscribed: false } },
  'POST /api/preferences/:token/tout': { access: 'recipient' },
  'GET /api/preferences/:token/donnees': { access: 'recipient' },
  'POST /api/preferences/:token/effacement': { access: 'recipient' },
  'GET /api/segments/:id/contacts': { access: 'bearer', scope: 'listes:lecture', owned: true },
  'GET /api/categories': { access: 'bearer' },
  'POST /api/categories': { access: 'adminWrite' },
  'GET /api/categories/:id': { access: 'bearer', owned: true },
  'PATCH /api/categories/:id': { access: 'adminWrite' },
  'POST /api/videoByUser/:theme': { access: 'public' },
  'POST /api/chaine/:theme': { access: 'public' },
  'GET /api/creators': { access: 'public' },
  'POST /api/rtEvent/new': { access: 'public' },
  'GET /api/visitor/me': { access: 'visitor' },
  'POST /api/visitor/liste': { access: 'visitor' },
  'POST /api/visitor/follow': { access: 'visitor' },
  'POST /api/visitor/unfollow': { access: 'visitor' },
  'POST /api/visitor/subscriptions/import': { access: 'visitor' },
  'GET /api/visitor/subscriptions/export': { access: 'visitor' },
  'POST /api/feeds/refresh': { access: 'adminWrite' },
  'PATCH /api/visitor/me': { access: 'visitor' },
  'POST /api/visitor/seen': { access: 'visitor' },
  'PUT /api/visitor/groupes/:name': { access: 'visitor', body: { chaines: [] } },
  'DELETE /api/visitor/groupes/:name': { access: 'visitor' },
  'POST /api/visitor/videos/:videoId': { access: 'visitor', body: { etat: null } },
  'GET /api/visitor/videos': { access: 'visitor' },
  'POST /api/visitor/feed': { access: 'visitor' },
  'GET /api/visitor/notes': { access: 'visitor' },
  'POST /api/visitor/notes': { access: 'visitor', body: { video: 'abcdefghijk', at: 0, text: 'note' } },
  'POST /api/visitor/notes/merge': { access: 'visitor', body: { notes: [] } },
  'PATCH /api/visitor/notes/:id': { access: 'visitor', body: { text: 'note' } },
  'DELETE /api/visitor/notes/:id': { access: 'visitor' },
  'GET /api/visitor/history': { access: 'visitor' },
  'PUT /api/visitor/history/:videoId': { access: 'visitor', body: { position: 1, duration: 10 } },
  'DELETE /api/visitor/history/:videoId': { access: 'visitor' },
  'DELETE /api/visitor/history': { access: 'visitor' },
  'POST /api/visitor/sign-in-link': { access: 'public', body: { email: 'retrouver@example.org' } },
  // The address's key is the credential (a feed reader sends no header): without it, 404.
  'GET /api/visitor/feed/:key': { access: 'capability' },
  'GET /api/visitor/digest/unsubscribe/:token': { access: 'capability' },
  'POST /api/visitor/digest/unsubscribe/:token': { access: 'capability' },
  'GET /api/discours': { access: 'bearer' },
  'POST /api/discours': { access: 'adminWrite' },
  'GET /api/discours/:id': { access: 'bearer', owned: true },
  'PATCH /api/discours/:id': { access: 'adminWrite' },
  'GET /api/recipients': { access: 'bearer' },
  'POST /api/recipients': { access: 'bearer' },
  'GET /api/recipients/:id': { access: 'bearer', owned: true },
  'PATCH /api/recipients/:id': { access: 'recipient' },
  'POST /api/localToProd': { access: 'bearer' },
  'POST /api/localToProd/list': { access: 'bearer' },
  'GET /api/sequence/clean': { access: 'bearer' },
  'GET /api/deliveries': { access: 'bearer', scope: 'modèles:lecture' },
  'POST /api/deliveries': { access: 'adminWrite', scope: 'modèles:écriture' },
  'GET /api/mail/domain': { access: 'adminWrite' },
  'GET /api/deliveries/:id': { access: 'bearer', scope: 'modèles:lecture', owned: true },
  'PATCH /api/deliveries/:id': { access: 'bearer', scope: 'modèles:écriture', owned: true },
  'GET /api/deliveryAll/:ref': { access: 'bearer', scope: 'modèles:lecture', owned: true },
  'POST /api/delivery/new': { access: 'adminWrite', scope: 'modèles:écriture' },
  'POST /api/delivery/amp/validation': { access: 'bearer', scope: 'modèles:lecture' },
  'GET /api/delivery/starters': { access: 'bearer', scope: 'modèles:lecture' },
  'POST /api/amp/bo/modele/new': { access: 'adminWrite', scope: 'modèles:écriture' },
  'POST /api/sendEmail': { access: 'sender', scope: 'envois:écriture' },
  'GET /api/sends': { access: 'bearer', scope: 'envois:écriture' },
  'GET /api/sends/:id': { access: 'bearer', scope: 'envois:écriture', owned: true },
  'POST /api/sends/:id/:action': { access: 'sender', scope: 'envois:écriture', owned: true },
  'PATCH /api/sends/:id': { access: 'sender', scope: 'envois:écriture', owned: true, body: { sendAt: '2099-01-04T09:00:00+01:00' } },
  'GET /api/sends/:id/report': { access: 'bearer', scope: 'envois:écriture', owned: true },
  'GET /api/sends/:id/outcomes.csv': { access: 'sender', owned: true },
  'POST /api/sends/:id/outcomes.csv/download': { access: 'sender', owned: true },
  'GET /api/schedules': { access: 'bearer', scope: 'envois:écriture' },
  'POST /api/schedules': { access: 'sender', scope: 'envois:écriture' },
  'GET /api/schedules/:id': { access: 'bearer', scope: 'envois:écriture', owned: true },
  'GET /api/newsletters/:id': { access: 'public' },
  'POST /api/amp/notes': { access: 'recipient', body: { token: 'v1.forgedVideo.99999999999.forgedforgedforgedforgedforgedfo', objectivite: 4 } },
  'DELETE /api/schedules/:id': { access: 'sender', scope: 'envois:écriture', owned: true },
  'GET /api/t/c/:token': { access: 'recipient' },
  'GET /api/t/o/:token': { access: 'public' },
  'POST /api/bounces/:service': { access: 'secret' },
  'POST /api/email/encoded': { access: 'bearer', scope: 'envois:écriture' },
  'POST /api/email/preview': { access: 'bearer', scope: 'modèles:lecture' },
  'GET /api/email/variables': { access: 'bearer', scope: 'modèles:lecture' },
  'GET /api/unsubscribe/:token': { access: 'recipient' },
  'POST /api/unsubscribe/:token': { access: 'recipient' },
  'POST /api/video/rating': { access: 'public' },
  'GET /api/video/rating': { access: 'public' },
  'GET /api/video/rating/mine': { access: 'visitor' },
  'POST /api/telegram/bot': { access: 'sender' },
  'GET /api/recipients/:id/socialMedia': { access: 'bearer', owned: true },
  'POST /api/getSocialMediaInfo': { access: 'bearer' },
  'POST /api/youtube/:n': { access: 'bearer' },
  'POST /api/twitter/:n': { access: 'bearer' },
  'POST /api/twitter/post': { access: 'sender' },
  'POST /api/socialMedia/youtube': { access: 'bearer' },
  'POST /api/socialMedia/youtube/list': { access: 'bearer' },
  'POST /api/videosocialmedia/last': { access: 'bearer' },
  'POST /api/grps/:id/subscribe': { access: 'public', body: { email: 'matrice-abonnement@example.org' } },
  'GET /api/automations': { access: 'bearer' },
  'POST /api/automations': { access: 'bearer' },
  'GET /api/automations/:id': { access: 'bearer', owned: true },
  'PATCH /api/automations/:id': { access: 'bearer', owned: true },
  'POST /api/automations/:id/activate': { access: 'sender', owned: true },
  'GET /api/automations/:id/contacts/:contactId': { access: 'bearer', owned: true },
  'GET /api/confirmations/:token': { access: 'recipient' },
  'POST /api/confirmations/:token': { access: 'recipient' },
  'GET /api/suppressions': { access: 'bearer', scope: 'listes:lecture' },
  'POST /api/suppressions': { access: 'bearer', scope: 'listes:écriture', body: { email: 'exclue-matrice@example.org' } },
  'GET /api/suppressions/:email': { access: 'bearer', scope: 'listes:lecture', owned: true },
  'DELETE /api/suppressions/:email': { access: 'sender', scope: 'listes:écriture', owned: true },
  'GET /api/suppressions.csv': { access: 'sender', scope: 'listes:lecture' },
  'POST /api/suppressions.csv/download': { access: 'sender', scope: 'listes:lecture' },
  'POST /api/personnes/effacement': { access: 'adminWrite', body: { email: 'effacee-matrice@example.org' } },
  'GET /api/personnes/export': { access: 'adminWrite' },
  'GET /api/audit': { access: 'adminWrite' },
  'GET /api/visitor/donnees': { access: 'visitor' },
  'POST /api/visitor/donnees/effacement': { access: 'visitor' },
  'GET /api/webhooks': { access: 'adminWrite', scope: 'webhooks' },
  'POST /api/webhooks': { access: 'adminWrite', scope: 'webhooks', body: { url: 'https://hooks.example.org/matrice', events: ['contact.ajouté'] } },
  'GET /api/webhooks/:id': { access: 'adminWrite', scope: 'webhooks' },
  'PATCH /api/webhooks/:id': { access: 'adminWrite', scope: 'webhooks', body: { active: false } },
  'DELETE /api/webhooks/:id': { access: 'adminWrite', scope: 'webhooks' },
  'GET /api/webhooks/:id/deliveries': { access: 'adminWrite', scope: 'webhooks' },
  'POST /api/webhooks/:id/deliveries/:delivery/resend': { access: 'adminWrite', scope: 'webhooks' },
  'POST /api/rapports': { access: 'public', body: smallReport() },
  'GET /api/rapports': { access: 'adminWrite' },
  'GET /api/rapports/:id': { access: 'adminWrite' },
  'PATCH /api/rapports/:id': { access: 'adminWrite', body: { status: 'traité' } },
  'DELETE /api/rapports/:id': { access: 'adminWrite' },
  'GET /api/rapports/:id/journal': { access: 'adminWrite' },
  'GET /api/audience': { access: 'bearer' },
  'GET /api/audience/:channelId': { access: 'bearer', owned: true },
  'GET /api/audience.csv': { access: 'sender' },
  'POST /api/audience.csv/download': { access: 'sender' },
  'GET /api/rapports/:id/piles': { access: 'adminWrite' },
};

/** A bug report as small as the dialog can make one. */
function smallReport() {
  return {
    trace: { payload: '[]' },
    screenshot: null,
    console: [],
    requests: [],
    version: '1',
    commit: 'c',
    userAgent: 'matrice',
    viewport: { width: 1, height: 1 },
    language: 'fr',
    timeZone: 'Europe/Paris',
    description: 'Rapport de la matrice',
  };
}

const TOKEN_IDENTITIES = Object.keys(SCOPES) as (keyof typeof SCOPES)[];
const IDENTITIES = ['none', 'forged', 'expired', 'algNone', 'other', 'owner', 'admin', 'editor', ...TOKEN_IDENTITIES] as const;
type Identity = (typeof IDENTITIES)[number];
type TokenIdentity = keyof typeof SCOPES;
const isToken = (identity: Identity): identity is TokenIdentity => identity in SCOPES;
const opens = (held: Scope, needed: Scope | undefined) => needed !== undefined && (held === needed || IMPLIES[held] === needed);

// What the owner holds; another user's answers must never contain it.
const MARKER = 'marqueur-proprietaire';
const MATRIX_CHANNEL = 'UCmatricematricematrice0';

let { t, api, admin, operator, operatorId } = {} as ApiTest;
const headers = {} as Record<Identity, Record<string, string>>;
const params: Record<string, string> = {};

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  // Limits high enough for the matrix's own calls (each route is called seven times).
  ({ t, api, admin, operator, operatorId } = await startApiTest({ BAT_RATE_LIMIT: '1000', BUG_REPORT_RATE_LIMIT: '1000', BOUNCE_WEBHOOK_SECRET: 'matrix-webhook-secret-0123456789' }));
  const [other] = await t.db.query<{ id: number }>(
    "INSERT INTO app_user (email, password_hash) VALUES ('autre@tgm.local', 'x') RETURNING id",
  );
  const [editor] = await t.db.query<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, roles) VALUES ('editeur@tgm.local', 'x', '["ROLE_EDITEUR"]') RETURNING id`,
  );
  const claims = { id: operatorId, ip: '127.0.0.1', roles: [], username: 'operateur@tgm.local' };
  const forged = createSigner({ key: 'another-secret-'.padEnd(40, 'y'), algorithm: 'HS256', expiresIn: 3_600_000 })(claims);
  const expired = createSigner({ key: 'test-secret-'.padEnd(40, 'x'), algorithm: 'HS256', expiresIn: 1000, clockTimestamp: Date.now() - 3_600_000 })(claims);
  const algNone = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
  Object.assign(headers, {
    none: {},
    forged: { authorization: `Bearer ${forged}` },
    expired: { authorization: `Bearer ${expired}` },
    algNone: { authorization: `Bearer ${algNone}` },
    other: await t.signIn(other.id),
    owner: operator,
    admin,
    editor: await t.signIn(editor.id),
  });
  // The owner's API tokens, one a scope.
  for (const identity of TOKEN_IDENTITIES) {
    const made = await api.post('/api/tokens', operator, { name: `matrice ${identity}`, scopes: [SCOPES[identity]] });
    if (made.statusCode !== 201) throw new Error(`token not created: ${made.body}`);
    headers[identity] = { authorization: `Bearer ${made.json().token}` };
  }
  const throwaway = (await api.post('/api/tokens', operator, { name: 'matrice jetable', scopes: ['webhooks'] })).json();

  // The owner's records, which the parameterised routes point at.
  const grp = (await api.post('/api/grps', operator, { subject: `${MARKER} liste`, doubleOptIn: true })).json();
  const contact = (await api.post('/api/grp_rcps', operator, { email: `${MARKER}@example.org`, grp: grp.id })).json();
  const segment = (await api.post('/api/segments', operator, { name: `${MARKER} segment`, grp: grp.id, match: 'tous', rules: [] })).json();
  const recipient = (await api.post('/api/recipients', operator, { email: `${MARKER}-dest@example.org`, firstname: MARKER })).json();
  const delivery = (
    await api.post('/api/deliveries', admin, {
      label: `${MARKER} modèle`,
      internalname: 'modele-matrice',
      user: operatorId,
      societe: 'tgm-societe',
      subject: 'Bonjour',
      codeHtml: [Buffer.from('<p>Bonjour</p>').toString('base64')],
    })
  ).json();
  const send = (await api.post('/api/sendEmail', operator, { delId: delivery.id, listId: grp.id })).json();
  const category = (await api.post('/api/categories', admin, { name: 'TGM', user: operatorId })).json();
  const schedule = (
    await api.post('/api/schedules', operator, { delId: delivery.id, listId: grp.id, frequency: 'hebdomadaire', firstAt: '2099-01-04T09:00' })
  ).json();
  const discours = (await api.post('/api/discours', admin, { name: 'Discours matrice', user: operatorId })).json();
  const automation = (
    await api.post('/api/automations', operator, {
      name: `${MARKER} automatisation`,
      trigger: { type: 'liste', grp: grp.id },
      steps: [{ delivery: delivery.id, delayMinutes: 0 }],
    })
  ).json();
  const rapport = (await api.post('/api/rapports', {}, smallReport())).json();
  await t.db.query("INSERT INTO channel (youtube_id, name, theme) VALUES ($1, $2, 'TGM')", [MATRIX_CHANNEL, `${MARKER} chaîne`]);
  const suppression = (await api.post('/api/suppressions', operator, { email: `${MARKER}-exclue@example.org` })).json();
  if (!suppression.email) throw new Error(`suppression not created: ${JSON.stringify(suppression)}`);
  for (const [name, value] of Object.entries({ grp, contact, segment, recipient, delivery, send, category, discours, schedule, automation, rapport })) {
    if (!value.id) throw new Error(`fixture ${name} not created: ${JSON.stringify(value)}`);
  }
  Object.assign(params, {
    '/api/users/': String(operatorId),
    '/api/tokens/': String(throwaway.id),
    '/api/grps/': String(grp.id),
    '/api/grp_rcps/:id/count': String(grp.id),
    '/api/grp_rcps/': String(contact.id),
    '/api/recipients/': String(recipient.id),
    '/api/deliveries/': String(delivery.id),
    '/api/deliveryAll/': 'modele-matrice',
    '/api/sends/': String(send.id.toString()),
    '/api/newsletters/': String(send.id),
    '/api/categories/': String(category.id),
    '/api/discours/': String(discours.id),
    '/api/schedules/': String(schedule.id),
    '/api/segments/': String(segment.id),
    '/api/unsubscribe/': '1.abcdefghijklmnopqrstuvwx',
    '/api/preferences/': '1.abcdefghijklmnopqrstuvwx',
    '/api/t/': 'forged.token',
    '/api/confirmations/': 'forgedConfirmationToken0123456789abcdefghij',
    '/api/automations/': String(automation.id),
    '/api/rapports/': String(rapport.id),
    // No webhook is made (its URL would need DNS): an admin's calls answer 404 or 400, others' 403.
    '/api/webhooks/': '1',
    delivery: '1',
    contactId: String(contact.id),
    email: encodeURIComponent(suppression.email),
    '/api/visitor/digest/unsubscribe/': '1.forgedDigestUnsubscribeToken0123456789abcdefgh',
    // Visitor routes are called without a visitor token here: any note id is refused first.
    '/api/visitor/notes/': '1',
    service: 'generic',
    action: 'pause',
    theme: 'finance',
    // The owner's creator: its theme is the owner's category (TGM), whom another operator may not read.
    channelId: MATRIX_CHANNEL,
    n: '1',
  });
});
afterAll(() => t.close());

/** New sessions for the signed-in identities, after a route that may have ended theirs. */
async function signInAgain(): Promise<void> {
  // A deactivated owner is given their account back: their tokens work again with it.
  await t.db.query('UPDATE app_user SET deactivated_at = NULL');
  const ids = await t.db.query<{ id: number; email: string }>('SELECT id, email FROM app_user');
  const idOf = (email: string) => ids.find((user) => user.email === email)!.id;
  Object.assign(headers, {
    owner: await t.signIn(operatorId),
    admin: await t.signIn(idOf(t.config.adminEmail)),
    other: await t.signIn(idOf('autre@tgm.local')),
    editor: await t.signIn(idOf('editeur@tgm.local')),
  });
}

/** The route's URL with the owner's records in its parameters. */
function urlOf(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    if (name !== 'id' && name !== 'ref' && name !== 'token') return params[name];
    const exact = Object.keys(params).find((prefix) => url === prefix);
    if (exact) return params[exact];
    const prefix = Object.keys(params).find((candidate) => candidate.endsWith('/') && url.startsWith(candidate));
    if (!prefix) throw new Error(`no record to put in ${url}`);
    return params[prefix];
  });
}

/** A small valid body in the media type each route reads. */
const BODIES: Record<string, string> = {
  'text/csv': 'email\nmatrice@example.org\n',
  'application/octet-stream': '<opml version="1.1"><body></body></opml>',
};

async function call(method: string, url: string, identity: Identity): Promise<LightMyRequestResponse> {
  const accepts = t.app.apiRoutes.find((route) => route.method === method && route.url === url)?.accepts;
  const withBody = method === 'POST' || method === 'PATCH';
  const json = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  return t.app.inject({
    method: method as 'GET',
    url: urlOf(url),
    headers: { ...headers[identity], ...(withBody ? { 'content-type': accepts ?? json } : {}) },
    payload: withBody ? (accepts ? BODIES[accepts] : JSON.stringify(ROUTES[`${method} ${url}`]?.body ?? {})) : undefined,
  });
}

const isRefusal = (status: number) => status === 401 || status === 403;

describe('the authorisation matrix', () => {
  it('knows every route of the server, and every route it knows exists', () => {
    const keys = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(keys.filter((key) => !ROUTES[key])).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('answers each identity on each route as the rules say, and never with another user\'s data', async () => {
    const table: string[] = [];
    const wrong: string[] = [];
    for (const { method, url } of t.app.apiRoutes) {
      const rule = ROUTES[`${method} ${url}`];
      const statuses: Record<string, number> = {};
      for (const identity of IDENTITIES) {
        const response = await call(method, url, identity);
        if (rule.endsSessions) await signInAgain();
        const status = response.statusCode;
        statuses[identity] = status;
        const fail = (why: string) => wrong.push(`${method} ${url} as ${identity}: ${status} (${why}) ${response.body.slice(0, 120)}`);
        if (status >= 500) fail('no answer is 5xx');
        const tokenless = identity === 'none' || identity === 'forged' || identity === 'expired' || identity === 'algNone';
        const signedIn = rule.access === 'bearer' || rule.access === 'sender' || rule.access === 'adminWrite';
        if (signedIn && isToken(identity)) {
          // The owner's token: within its scope it is the owner (an admin's route stays closed); outside, 403.
          if (!opens(SCOPES[identity], rule.scope)) {
            if (status !== 403) fail(`expected 403 outside the token's scope (${rule.scope ?? 'no scope'})`);
          } else if (rule.access === 'adminWrite') {
            if (status !== 403 && status !== 400) fail('expected 403 (or 400): the owner is no admin');
          } else if (isRefusal(status)) fail('a token within its scope is let in');
        }
        if (signedIn && identity === 'editor') {
          if (status === 401) fail('an éditeur is signed in');
          if ((rule.access === 'sender' || rule.access === 'adminWrite') && status !== 403 && !(rule.access === 'adminWrite' && status === 400)) {
            fail('expected 403 for an éditeur');
          }
          if (rule.owned && status !== 403 && status !== 404) fail('expected 403 or 404');
        }
        if (signedIn && !isToken(identity) && identity !== 'editor') {
          if (tokenless && status !== 401) fail('expected 401');
          if (identity === 'admin' && isRefusal(status)) fail('admin is let in');
          if (identity === 'owner' && (rule.access === 'bearer' || rule.access === 'sender') && isRefusal(status)) fail('the owner is let in');
          // A body the schema refuses is refused first (400); a valid one meets the admin check (403).
          if (rule.access === 'adminWrite' && (identity === 'owner' || identity === 'other') && status !== 403 && status !== 400) {
            fail('expected 403 (or 400)');
          }
          if (rule.owned && identity === 'other' && status !== 403 && status !== 404) fail('expected 403 or 404');
        }
        // Without a visitor token: 401, or 400 when the body is refused before the token is read.
        if (rule.access === 'visitor' && status !== 401 && status !== 400) fail('a visitor route without a visitor token');
        if (rule.access === 'recipient' && (status < 400 || status >= 500)) fail('a recipient route refuses a wrong token');
        if (rule.access === 'public' && isRefusal(status)) fail('a public route');
        // Nobody here holds the webhook secret, whatever bearer they bring.
        if (rule.access === 'secret' && status !== 401) fail('a webhook without its secret');
        // An address whose path is the credential (a private feed): a made-up one names nothing.
        if (rule.access === 'capability' && status !== 404) fail('a capability address nobody was given');
        if ((identity === 'other' || identity === 'editor') && response.body.includes(MARKER)) fail("another user's data");
      }
      table.push(`${method.padEnd(6)} ${url.padEnd(40)} ${IDENTITIES.map((identity) => String(statuses[identity]).padStart(9)).join('')}`);
    }
    console.info(
      [`${t.app.apiRoutes.length} routes × ${IDENTITIES.length} identities`, `${''.padEnd(48)}${IDENTITIES.map((i) => i.padStart(9)).join('')}`, ...table].join('\n'),
    );
    expect(wrong).toEqual([]);
  });
});
