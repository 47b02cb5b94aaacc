import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../db/db';
import { findAuthUser } from './auth';
import type { ModuleContext } from './context';
import { HttpError } from './errors';
import { Answer } from './schemas';

/** Long enough for the browser to follow the link at once, too short for a leaked link to matter. */
export const DOWNLOAD_TTL_SECONDS = 60;

/** A download link's token in a file route's query, instead of a bearer. */
export const DownloadToken = Type.String({ minLength: 1, maxLength: 2048 });

/** A download link: the browser navigates to it (no bearer needed) within `expiresIn` seconds. */
export const DownloadLink = Answer({
  /** The file's path under the server's origin, with the token. */
  url: Type.String(),
  token: Type.String(),
  expiresIn: Type.Integer(),
});

export const downloadRefused = () => new HttpError(401, 'Lien de téléchargement invalide ou expiré.', 'download');

/**
 * Records that a link's token was used; false when it already was (by this process or
 * another: the table is shared). Used ones are kept until they expire, then forgotten.
 */
async function consumeOnce(db: Queryable, id: string, expiresAtSeconds: number): Promise<boolean> {
  await db.query('DELETE FROM download_link_use WHERE expires_at < now()');
  const rows = await db.query(
    'INSERT INTO download_link_use (id, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (id) DO NOTHING RETURNING id',
    [id, expiresAtSeconds],
  );
  return rows.length === 1;
}

/**
 * Links to a file route that a browser follows without a bearer (it cannot put one on a link,
 * and a link lets it stream the file to disk rather than build it in memory). The token is
 * scoped to one purpose, never a session, lives a minute, opens the file once (its random
 * `jti` is recorded when used), and carries what the file is (its claims); the route checks
 * them against what it is asked for, and ownership again. The request logger never writes it
 * (`redactUrl` in app.ts).
 */
export function downloadLinks<Claims extends { user: number }>({ db, tokens, authenticate }: ModuleContext, scope: string) {
  const given = new WeakMap<FastifyRequest, Claims>();

  /** The file route's `onRequest`: a bearer (API clients), or a link's `?download=` token. */
  async function authenticateDownload(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { download } = request.query as { download?: unknown };
    if (download === undefined) return void (await authenticate.call(this, request, reply));
    let claims: Claims & { jti?: unknown; exp?: unknown };
    try {
      claims = tokens.verifyScoped(scope, String(download)) as unknown as Claims & { jti?: unknown; exp?: unknown };
    } catch {
      throw downloadRefused();
    }
    if (typeof claims.jti !== 'string' || typeof claims.exp !== 'number') throw downloadRefused();
    const user = await findAuthUser(db, claims.user);
    if (!user) throw downloadRefused();
    if (!(await consumeOnce(db, `${scope}:${claims.jti}`, claims.exp))) throw downloadRefused();
    request.authUser = user;
    given.set(request, claims);
  }

  return {
    authenticate: authenticateDownload,
    /** The link's claims, when the request came through a link rather than a bearer. */
    claimsOf: (request: FastifyRequest): Claims | undefined => given.get(request),
    /** The answer of a link-making route: `path` is the file route's, without the token. */
    link: (path: string, claims: Claims) => {
      const token = tokens.signScoped(scope, { ...claims, jti: randomBytes(12).toString('base64url') }, DOWNLOAD_TTL_SECONDS);
      return { url: `${path}?download=${encodeURIComponent(token)}`, token, expiresIn: DOWNLOAD_TTL_SECONDS };
    },
  };
}
