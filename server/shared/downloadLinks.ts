import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
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
 * Links to a file route that a browser follows without a bearer (it cannot put one on a link,
 * and a link lets it stream the file to disk rather than build it in memory). The token is
 * scoped to one purpose, never a session, lives a minute, and carries what the file is (its
 * claims); the route checks them against what it is asked for, and ownership again.
 */
export function downloadLinks<Claims extends { user: number }>({ db, tokens, authenticate }: ModuleContext, scope: string) {
  const given = new WeakMap<FastifyRequest, Claims>();

  /** The file route's `onRequest`: a bearer (API clients), or a link's `?download=` token. */
  async function authenticateDownload(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { download } = request.query as { download?: unknown };
    if (download === undefined) return void (await authenticate.call(this, request, reply));
    let claims: Claims;
    try {
      claims = tokens.verifyScoped(scope, String(download)) as unknown as Claims;
    } catch {
      throw downloadRefused();
    }
    const user = await findAuthUser(db, claims.user);
    if (!user) throw downloadRefused();
    request.authUser = user;
    given.set(request, claims);
  }

  return {
    authenticate: authenticateDownload,
    /** The link's claims, when the request came through a link rather than a bearer. */
    claimsOf: (request: FastifyRequest): Claims | undefined => given.get(request),
    /** The answer of a link-making route: `path` is the file route's, without the token. */
    link: (path: string, claims: Claims) => {
      const token = tokens.signScoped(scope, { ...claims }, DOWNLOAD_TTL_SECONDS);
      return { url: `${path}?download=${encodeURIComponent(token)}`, token, expiresIn: DOWNLOAD_TTL_SECONDS };
    },
  };
}
