import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Db, Queryable } from '../db/db';
import { ReadCache } from '../db/readCache';
import { accessOf, tokenAllows, type RouteAccess } from './access';
import { forbidden, unauthorized } from './errors';

export interface AuthUser {
  id: number;
  email: string;
  roles: string[];
}

/** What a login token carries (spec §7.1). */
export interface TokenPayload {
  id: number;
  ip: string;
  roles: string[];
  username: string;
  /** The server-side session the token belongs to (`user_session`): ending it refuses the token. */
  sid?: string;
}

export const ROLE_ADMIN = 'ROLE_ADMIN';
/** An operator: their own lists, deliveries and sends (before issue 39, `ROLE_USER`). */
export const ROLE_EXPEDITEUR = 'ROLE_EXPEDITEUR';
/** Prepares lists, contacts, deliveries, segments and automations, sends nothing. */
export const ROLE_EDITEUR = 'ROLE_EDITEUR';
/** The roles a user may be given, the most powerful first. */
export const ROLES = [ROLE_ADMIN, ROLE_EXPEDITEUR, ROLE_EDITEUR] as const;
/** Before issue 39's migration 0160: read as an expéditeur wherever it still shows. */
const LEGACY_OPERATOR = 'ROLE_USER';

export const isAdmin = (user: AuthUser) => user.roles.includes(ROLE_ADMIN);

/** Whether the user may send, schedule, activate, export and erase (an expéditeur or an admin). */
export const canSend = (user: AuthUser) =>
  user.roles.includes(ROLE_ADMIN) || user.roles.includes(ROLE_EXPEDITEUR) || user.roles.includes(LEGACY_OPERATOR);

/** The prefix of an API token: tells it from a session's JWT before anything is verified. */
export const API_TOKEN_PREFIX = 'tgm_';

/** How an API token is kept: the SHA-256 of its text (a random 32-byte secret needs no slow hash). */
export const apiTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new API token's text, shown once. */
export const newApiToken = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export interface TokenService {
  sign(payload: TokenPayload): string;
  verify(token: string): TokenPayload;
  /**
   * A short-lived token for one purpose (`scope`, e.g. a download link): signed with a key
   * derived from the secret and the scope, so that it is never a session token nor valid for
   * another scope. `issuedAt` (ms) defaults to now.
   */
  signScoped(scope: string, claims: Record<string, unknown>, ttlSeconds: number, issuedAt?: number): string;
  /** The claims of a scoped token; throws if forged, of another scope or expired. */
  verifyScoped(scope: string, token: string): Record<string, unknown>;
}

/**
 * Tokens verified already, by their text, until they expire: the back office sends the same
 * bearer with every call. fast-jwt's own cache keys its entries by a SHA-256 of the token,
 * which cost a small collection 4 % of its CPU (bench/hydraCollection), more than the lookup
 * saves; a custom key makes fast-jwt warn at every start. The oldest entry goes first.
 */
class VerifiedTokens {
  private static readonly MAX = 1000;
  private readonly entries = new Map<string, { payload: TokenPayload; expiresAt: number }>();

  get(token: string): TokenPayload | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.payload;
    this.entries.delete(token);
    return undefined;
  }

  add(token: string, payload: TokenPayload, expiresAt: number): void {
    if (this.entries.size >= VerifiedTokens.MAX) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { payload, expiresAt });
  }
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  const verified = new VerifiedTokens();
  const scopedKey = (scope: string) => createHmac('sha256', secret).update(`scope:${scope}`).digest();
  return {
    sign: (payload) => signer({ ...payload }),
    verify: (token) => {
      const known = verified.get(token);
      if (known) return known;
      // Shared by every request that brings this token: frozen, its roles too.
      const claims = verifier(token) as TokenPayload & { exp?: number };
      const roles = Array.isArray(claims.roles) ? (Object.freeze([...claims.roles]) as string[]) : claims.roles;
      const payload = Object.freeze({ ...claims, roles });
      if (typeof payload.exp === 'number') verified.add(token, payload, payload.exp * 1000);
      return payload;
    },
    signScoped: (scope, claims, ttl, issuedAt = Date.now()) =>
      createSigner({ key: scopedKey(scope), algorithm: 'HS256', expiresIn: ttl * 1000, clockTimestamp: issuedAt })({ ...claims }),
    verifyScoped: (scope, token) =>
      createVerifier({ key: scopedKey(scope), algorithms: ['HS256'] })(token) as Record<string, unknown>,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
    /** The session the bearer belongs to, once `authenticate` ran. */
    sessionId?: string;
    /** The API token the request came with, instead of a session. */
    apiToken?: { id: number; scopes: readonly string[] };
  }
}

/** The signed-in caller; routes that call it have run `authenticate` first. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

/**
 * The user a token names, with roles as they are now; null once the user is gone. Frozen:
 * requests that read it from the session cache share it, and none may change it for others.
 */
export async function findAuthUser(db: Queryable, id: number): Promise<AuthUser | null> {
  const [row] = await db.query<AuthUser>('SELECT id, email, roles FROM app_user WHERE id = $1', [id]);
  return row ? Object.freeze({ ...row, roles: Object.freeze([...row.roles]) as string[] }) : null;
}

/** Sessions checked at once, and for how long at most (readCache.ts). */
const SESSION_CACHE = { maxEntries: 1000, ttlMs: 60_000 };

/**
 * Opens a server-side session for `user` and answers its token (spec §7.1's payload, plus the
 * session's id `sid`). Sessions whose tokens have expired are forgotten on the way.
 */
export async function openSession(db: Queryable, tokens: TokenService, user: AuthUser, ip: string, ttlSeconds: number): Promise<string> {
  const sid = randomBytes(16).toString('base64url');
  await db.query('DELETE FROM user_session WHERE expires_at < now()');
  await db.query(
    `INSERT INTO user_session (id, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [sid, user.id, ttlSeconds],
  );
  return tokens.sign({ id: user.id, ip, roles: user.roles, username: user.email, sid });
}

/** Ends one session: its token answers 401 from now on, on every server process. */
export async function endSession(db: Queryable, sid: string): Promise<void> {
  await db.query('DELETE FROM user_session WHERE id = $1', [sid]);
}

/** Ends every session of a user but `keep` (the caller's own, when they changed their password). */
export async function endUserSessions(db: Queryable, userId: number, keep?: string): Promise<number> {
  const rows = await db.query('DELETE FROM user_session WHERE user_id = $1 AND id IS DISTINCT FROM $2 RETURNING id', [userId, keep ?? null]);
  return rows.length;
}

/** The user of a live session, with roles as they are now; null once the session or the user is gone. */
async function findSessionUser(db: Queryable, sid: string, id: number): Promise<AuthUser | null> {
  const [row] = await db.query<AuthUser>(
    `SELECT u.id, u.email, u.roles FROM user_session s JOIN app_user u ON u.id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND s.expires_at > now() AND u.deactivated_at IS NULL`,
    [sid, id],
  );
  return row ? Object.freeze({ ...row, roles: Object.freeze([...row.roles]) as string[] }) : null;
}

interface ApiTokenUser {
  user: AuthUser;
  tokenId: number;
  scopes: readonly string[];
  /** ms since the epoch, or null when it does not expire. */
  expiresAt: number | null;
}

/** The live API token of this hash and its active user, roles as they are now. */
async function findApiTokenUser(db: Queryable, hash: string): Promise<ApiTokenUser | null> {
  const [row] = await db.query<{ tokenId: number; scopes: string[]; expiresAt: string | null; id: number; email: string; roles: string[] }>(
    `SELECT t.id AS "tokenId", t.scopes, t.expires_at AS "expiresAt", u.id, u.email, u.roles
     FROM api_token t JOIN app_user u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND u.deactivated_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`,
    [hash],
  );
  if (!row) return null;
  return Object.freeze({
    user: Object.freeze({ id: row.id, email: row.email, roles: Object.freeze([...row.roles]) as string[] }),
    tokenId: row.tokenId,
    scopes: Object.freeze([...row.scopes]),
    expiresAt: row.expiresAt === null ? null : Date.parse(row.expiresAt),
  });
}

/** A token's last use is written once a minute at most, not once a request. */
const LAST_USED_EVERY_MS = 60_000;

/** Refuses a caller whose role or token scope the route's access does not allow (shared/access.ts). */
function checkAccess(access: RouteAccess | undefined, user: AuthUser, token: { scopes: readonly string[] } | undefined): void {
  if (!access) throw forbidden('Accès non autorisé à cette opération.');
  if (token && !tokenAllows(token.scopes, access.scope)) {
    throw forbidden(
      access.scope
        ? `Ce jeton d’API n’a pas la portée « ${access.scope} » qu’il faut ici.`
        : 'Cette opération ne se fait pas avec un jeton d’API.',
    );
  }
  if (access.role === 'admin' && !isAdmin(user)) throw forbidden(access.refusal ?? 'Réservé aux administrateurs.');
  if (access.role === 'expediteur' && !canSend(user)) {
    throw forbidden('Votre rôle (éditeur) ne permet pas cette action : elle est réservée aux expéditeurs.');
  }
}

/**
 * Builds the pre-handler of back-office routes: a valid bearer token whose session is still
 * open (signing out, a password change or an admin ends it, on every process) and whose user
 * still exists and is active, with roles read fresh from the database (a demoted admin loses
 * rights at once: a cached check lasts only while neither table was written; on PostgreSQL
 * both notify their writes to every process, tableChanges.ts). An API token (`tgm_…`) stands
 * for its user within its scopes. Then the route's access (shared/access.ts) is checked.
 */
export function createAuthenticate(tokens: TokenService, db: Queryable & Pick<Db, 'dataVersion'>) {
  const sessions = new ReadCache<AuthUser | null>(db, ['app_user', 'user_session'], SESSION_CACHE);
  const apiTokens = new ReadCache<ApiTokenUser | null>(db, ['app_user', 'api_token'], SESSION_CACHE);
  const lastUsedWritten = new Map<number, number>();
  const noteUse = (tokenId: number) => {
    const now = Date.now();
    if (now - (lastUsedWritten.get(tokenId) ?? 0) < LAST_USED_EVERY_MS) return;
    if (lastUsedWritten.size > 10_000) lastUsedWritten.clear();
    lastUsedWritten.set(tokenId, now);
    void db.query('UPDATE api_token SET last_used_at = now() WHERE id = $1', [tokenId]).catch(() => lastUsedWritten.delete(tokenId));
  };
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    const access = accessOf(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url);
    if (match[1].startsWith(API_TOKEN_PREFIX)) {
      const found = await apiTokens.read(apiTokenHash(match[1]), () => findApiTokenUser(db, apiTokenHash(match[1])));
      if (!found || (found.expiresAt !== null && found.expiresAt <= Date.now())) throw unauthorized('Jeton d’API invalide, expiré ou révoqué.');
      request.authUser = found.user;
      request.apiToken = { id: found.tokenId, scopes: found.scopes };
      checkAccess(access, found.user, request.apiToken);
      noteUse(found.tokenId);
      return;
    }
    let payload: TokenPayload;
    try {
      payload = tokens.verify(match[1]);
    } catch {
      throw unauthorized('Session expirée ou jeton invalide.');
    }
    const { sid } = payload;
    if (typeof sid !== 'string' || typeof payload.id !== 'number') throw unauthorized('Session expirée ou jeton invalide.');
    const user = await sessions.read(sid, () => findSessionUser(db, sid, payload.id));
    if (!user) throw unauthorized('Session terminée : reconnectez-vous.');
    request.authUser = user;
    request.sessionId = sid;
    checkAccess(access, user, undefined);
  };
}
