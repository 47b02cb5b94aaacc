import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac } from 'node:crypto';
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

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  // Verified tokens are remembered until they expire (fast-jwt's LRU, keyed by a hash of the token).
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  const scopedKey = (scope: string) => createHmac('sha256', secret).update(`scope:${scope}`).digest();
  return {
    sign: (payload) => signer({ ...payload }),
    verify: (token) => verifier(token) as TokenPayload,
    signScoped: (scope, claims, ttl, issuedAt = Date.now()) =>
      createSigner({ key: scopedKey(scope), algorithm: 'HS256', expiresIn: ttl * 1000, clockTimestamp: issuedAt })({ ...claims }),
    verifyScoped: (scope, token) =>
      createVerifier({ key: scopedKey(scope), algorithms: ['HS256'] })(token) as Record<string, unknown>,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
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
 * Builds the pre-handler of back-office routes: a valid bearer token of a user that still
 * exists, whose roles are read fresh from the database (a demoted admin loses rights at once:
 * a cached check lasts only while nothing was written).
 */
export function createAuthenticate(tokens: TokenService, db: Queryable & Pick<Db, 'dataVersion'>) {
  const sessions = new ReadCache<AuthUser | null>(db, 'app_user', SESSION_CACHE);
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
    const user = await sessions.read(String(payload.id), () => findAuthUser(db, payload.id));
    if (!user) throw unauthorized('Utilisateur inconnu.');
    request.authUser = user;
  };
}
