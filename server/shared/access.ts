/**
 * Who may call each back-office route, in one place (docs/decisions.md, «A team (issue 39)»):
 * the least role a signed-in user needs, and the scope an API token needs (none: tokens are
 * refused). `authenticate` checks it before the route runs; a route that authenticates and
 * is missing here cannot be registered (openapi.ts's describeRoutes). Ownership (a user's
 * own rows) is still the routes' own check.
 */

/** The scopes an API token may carry, exactly as the API names them. */
export const TOKEN_SCOPES = ['listes:lecture', 'listes:écriture', 'envois:écriture', 'modèles:lecture', 'modèles:écriture', 'webhooks'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A scope a token holds lets it do what another implies: writing lists includes reading them. */
const IMPLIED: Partial<Record<TokenScope, TokenScope[]>> = {
  'listes:écriture': ['listes:lecture'],
  'modèles:écriture': ['modèles:lecture'],
};

export const tokenAllows = (held: readonly string[], needed: TokenScope | undefined): boolean =>
  needed !== undefined && held.some((scope) => scope === needed || (IMPLIED[scope as TokenScope] ?? []).includes(needed));

/**
 * `membre`: any signed-in user (éditeur, expéditeur, admin); `expediteur`: an expéditeur or an
 * admin (sending, scheduling, activating, exports, erasures); `admin`: admins only.
 */
export type Role = 'membre' | 'expediteur' | 'admin';

export interface RouteAccess {
  role: Role;
  scope?: TokenScope;
  /** What a caller without the role reads, where the route says what it guards. */
  refusal?: string;
}

/** The admins' routes that say what they guard (their modules' own checks say the same). */
export const ADMIN_ONLY = {
  rapports: 'Réservé aux administrateurs : les rapports de problème.',
  audit: "Réservé aux administrateurs : le journal d'audit.",
  personnes: "Réservé aux administrateurs : l'effacement et l'export des données d'une personne.",
  domain: 'Réservé aux administrateurs : le domaine d’envoi.',
  templates: 'Réservé aux administrateurs : la création de modèles.',
} as const;

const member = (scope?: TokenScope): RouteAccess => ({ role: 'membre', ...(scope ? { scope } : {}) });
const sender = (scope?: TokenScope): RouteAccess => ({ role: 'expediteur', ...(scope ? { scope } : {}) });
const admin = (scope?: TokenScope, refusal?: string): RouteAccess => ({ role: 'admin', ...(scope ? { scope } : {}), ...(refusal ? { refusal } : {}) });

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // Accounts, sessions, API tokens: never through a token.
  'POST /api/logout': member(),
  'POST /api/me/password': member(),
  'DELETE /api/users/:id/sessions': admin(),
  'GET /api/users': member(),
  'POST /api/users': admin(),
  'GET /api/users/:id': member(),
  'PATCH /api/users/:id': member(),
  'DELETE /api/users/:id': admin(),
  'POST /api/users/:id/transfert': admin(),
  // A person's data and the audit trail (issue 38): admins only, never through a token.
  'POST /api/personnes/effacement': admin(undefined, ADMIN_ONLY.personnes),
  'GET /api/personnes/export': admin(undefined, ADMIN_ONLY.personnes),
  'GET /api/audit': admin(undefined, ADMIN_ONLY.audit),
  // Two-factor sign-in: one's own account, never through a token.
  'POST /api/me/totp': member(),
  'POST /api/me/totp/confirm': member(),
  // Outgoing webhooks: admins, or an admin's API token with the scope `webhooks`.
  'GET /api/webhooks': admin('webhooks'),
  'POST /api/webhooks': admin('webhooks'),
  'GET /api/webhooks/:id': admin('webhooks'),
  'PATCH /api/webhooks/:id': admin('webhooks'),
  'DELETE /api/webhooks/:id': admin('webhooks'),
  'GET /api/webhooks/:id/deliveries': admin('webhooks'),
  'POST /api/webhooks/:id/deliveries/:delivery/resend': admin('webhooks'),
  'GET /api/tokens': member(),
  'POST /api/tokens': member(),
  'DELETE /api/tokens/:id': member(),
  // Lists and contacts.
  'GET /api/grps': member('listes:lecture'),
  'POST /api/grps': member('listes:écriture'),
  'GET /api/grps/:id': member('listes:lecture'),
  'PATCH /api/grps/:id': member('listes:écriture'),
  'GET /api/grp_rcps': member('listes:lecture'),
  'POST /api/grp_rcps': member('listes:écriture'),
  'GET /api/grp_rcps/:id': member('listes:lecture'),
  'PATCH /api/grp_rcps/:id': member('listes:écriture'),
  'GET /api/grp_rcps/:id/count': member('listes:lecture'),
  'GET /api/grprcp/last': member('listes:lecture'),
  'POST /api/mgt/RT/createGrpRcp/byDate': member('listes:écriture'),
  'GET /api/grps/:id/refresh': member('listes:écriture'),
  'POST /api/amp/bo/target/new': member('listes:écriture'),
  'POST /api/grps/:id/import': member('listes:écriture'),
  'GET /api/grps/:id/contacts.csv': sender('listes:lecture'),
  'POST /api/grps/:id/contacts.csv/download': sender('listes:lecture'),
  'GET /api/grps/:id/attribs': member('listes:lecture'),
  // Segments (issue 37): built like lists; sending to one is `POST /api/sendEmail`'s.
  'GET /api/segments': member('listes:lecture'),
  'POST /api/segments': member('listes:écriture'),
  'GET /api/segments/:id': member('listes:lecture'),
  'PATCH /api/segments/:id': member('listes:écriture'),
  'DELETE /api/segments/:id': member('listes:écriture'),
  'GET /api/segments/:id/count': member('listes:lecture'),
  'GET /api/segments/:id/contacts': member('listes:lecture'),
  'POST /api/segments/count': member('listes:lecture'),
  'GET /api/suppressions': member('listes:lecture'),
  'POST /api/suppressions': member('listes:écriture'),
  'GET /api/suppressions/:email': member('listes:lecture'),
  'DELETE /api/suppressions/:email': sender('listes:écriture'),
  'GET /api/suppressions.csv': sender('listes:lecture'),
  'POST /api/suppressions.csv/download': sender('listes:lecture'),
  'GET /api/categories': member(),
  'POST /api/categories': admin(),
  'GET /api/categories/:id': member(),
  'PATCH /api/categories/:id': admin(),
  'GET /api/discours': member(),
  'POST /api/discours': admin(),
  'GET /api/discours/:id': member(),
  'PATCH /api/discours/:id': admin(),
  'GET /api/recipients': member(),
  'POST /api/recipients': member(),
  'GET /api/recipients/:id': member(),
  'POST /api/localToProd': member(),
  'POST /api/localToProd/list': member(),
  'GET /api/sequence/clean': member(),
  // Templates (deliveries).
  'GET /api/deliveries': member('modèles:lecture'),
  'POST /api/deliveries': admin('modèles:écriture'),
  'GET /api/deliveries/:id': member('modèles:lecture'),
  'PATCH /api/deliveries/:id': member('modèles:écriture'),
  'GET /api/deliveryAll/:ref': member('modèles:lecture'),
  'POST /api/delivery/new': admin('modèles:écriture', ADMIN_ONLY.templates),
  'POST /api/delivery/amp/validation': member('modèles:lecture'),
  'GET /api/delivery/starters': member('modèles:lecture'),
  'POST /api/amp/bo/modele/new': admin('modèles:écriture', ADMIN_ONLY.templates),
  'POST /api/email/preview': member('modèles:lecture'),
  'GET /api/email/variables': member('modèles:lecture'),
  // A test send: an éditeur's only to their own address (the route checks the address).
  'POST /api/email/encoded': member('envois:écriture'),
  'GET /api/mail/domain': admin(undefined, ADMIN_ONLY.domain),
  // Sends and schedules.
  'POST /api/sendEmail': sender('envois:écriture'),
  'GET /api/sends': member('envois:écriture'),
  'GET /api/sends/:id': member('envois:écriture'),
  'POST /api/sends/:id/:action': sender('envois:écriture'),
  'PATCH /api/sends/:id': sender('envois:écriture'),
  'GET /api/sends/:id/report': member('envois:écriture'),
  'GET /api/sends/:id/outcomes.csv': sender(),
  'POST /api/sends/:id/outcomes.csv/download': sender(),
  'GET /api/schedules': member('envois:écriture'),
  'POST /api/schedules': sender('envois:écriture'),
  'GET /api/schedules/:id': member('envois:écriture'),
  'DELETE /api/schedules/:id': sender('envois:écriture'),
  // Automations: drafted by anyone, activated by a sender.
  'GET /api/automations': member(),
  'POST /api/automations': member(),
  'GET /api/automations/:id': member(),
  'PATCH /api/automations/:id': member(),
  'POST /api/automations/:id/activate': sender(),
  'GET /api/automations/:id/contacts/:contactId': member(),
  // Social media and the creators' audience.
  'POST /api/telegram/bot': sender(),
  'GET /api/recipients/:id/socialMedia': member(),
  'POST /api/getSocialMediaInfo': member(),
  'POST /api/youtube/:n': member(),
  'POST /api/twitter/:n': member(),
  'POST /api/twitter/post': sender(),
  'POST /api/socialMedia/youtube': member(),
  'POST /api/socialMedia/youtube/list': member(),
  'POST /api/videosocialmedia/last': member(),
  'GET /api/audience': member(),
  'GET /api/audience/:channelId': member(),
  'GET /api/audience.csv': sender(),
  'POST /api/audience.csv/download': sender(),
  // The operation of the product.
  'POST /api/feeds/refresh': admin(),
  'GET /api/rapports': admin(undefined, ADMIN_ONLY.rapports),
  'GET /api/rapports/:id': admin(undefined, ADMIN_ONLY.rapports),
  'PATCH /api/rapports/:id': admin(undefined, ADMIN_ONLY.rapports),
  'DELETE /api/rapports/:id': admin(undefined, ADMIN_ONLY.rapports),
  'GET /api/rapports/:id/journal': admin(undefined, ADMIN_ONLY.rapports),
  'GET /api/rapports/:id/piles': admin(undefined, ADMIN_ONLY.rapports),
};

/** The route's access, by its method and its path as registered (`/api/grps/:id`). */
export const accessOf = (method: string, url: string | undefined): RouteAccess | undefined =>
  url === undefined ? undefined : ROUTE_ACCESS[`${method} ${url}`];
