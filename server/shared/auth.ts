import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Db, Queryable } from '../db/db';
import { ReadCache } from '../db/readCache';
import { unauthorized } from './errors';

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

export const isAdmin = (user: AuthUser) => user.roles.includes(ROLE_ADMIN);

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
     WHERE s.id = $1 AND s.user_id = $2 AND s.expires_at > now()`,
    [sid, id],
  );
  return row ? Object.freeze({ ...row, roles: Object.freeze([...row.roles]) as string[] }) : null;
}

/**
 * Builds the pre-handler of back-office routes: a valid bearer token whose session is still
 * open (signing out, a password change or an admin ends it, on every process) and whose user
 * still exists, with roles read fresh from the database (a demoted admin loses rights at once:
 * a cached check lasts only while neither table was written; on PostgreSQL both notify their
 * writes to every process, tableChanges.ts).
 */
export function createAuthenticate(tokens: TokenService, db: Queryable & Pick<Db, 'dataVersion'>) {
  const sessions = new ReadCache<AuthUser | null>(db, ['app_user', 'user_session'], SESSION_CACHE);
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
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
  };
}
