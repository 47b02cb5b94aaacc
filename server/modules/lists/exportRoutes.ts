import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { currentUser, type AuthUser } from '../../shared/auth';
import { HttpError } from '../../shared/errors';
import { findOwnedItem } from '../../shared/hydra';
import { exportContacts, type ExportFilter as Filter } from './csvExport';
import { grpResource } from './resource';
import { ContactsCsvAnswer, ExportFilter, ExportLink, ExportQuery, GrpIdParams } from './schemas';

/** What a download token is good for: one export, never a session. */
const DOWNLOAD_SCOPE = 'contacts-export';
/** Long enough for the browser to follow the link at once, too short for a leaked link to matter. */
export const DOWNLOAD_TTL_SECONDS = 60;

/** What a download token binds: who asked, which list, which filters. */
interface DownloadClaims {
  user: number;
  grp: number;
  search: string | null;
  status: string | null;
}

const refused = () => new HttpError(401, 'Lien de téléchargement invalide ou expiré.', 'download');

const filterOf = (query: Filter) => ({ search: query.search ?? null, status: query.status ?? null });

/**
 * `GET /api/grps/{id}/contacts.csv`: the list's contacts (or those the table's search and status
 * show), streamed. A bearer opens it (API clients), or a download token from
 * `POST /api/grps/{id}/contacts.csv/download`: a browser cannot put a bearer on a link, and a
 * link lets it stream the file to disk rather than build it in memory.
 */
export function registerExportRoutes(app: FastifyInstance, { db, tokens, authenticate }: ModuleContext): void {
  const downloads = new WeakMap<FastifyRequest, DownloadClaims>();

  async function authenticateExport(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { download } = request.query as { download?: unknown };
    if (download === undefined) return void (await authenticate.call(this, request, reply));
    let claims: DownloadClaims;
    try {
      claims = tokens.verifyScoped(DOWNLOAD_SCOPE, String(download)) as unknown as DownloadClaims;
    } catch {
      throw refused();
    }
    const [user] = await db.query<AuthUser>('SELECT id, email, roles FROM app_user WHERE id = $1', [claims.user]);
    if (!user) throw refused();
    request.authUser = user;
    downloads.set(request, claims);
  }

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get(
    '/api/grps/:id/contacts.csv',
    {
      onRequest: authenticateExport,
      schema: { tags: ['lists'], params: GrpIdParams, querystring: ExportQuery, response: { 200: ContactsCsvAnswer } },
    },
    async (request, reply) => {
      const claims = downloads.get(request);
      let filter: Filter = request.query;
      if (claims) {
        // The token names its list and filters: the link cannot be pointed at others.
        const asked = filterOf(request.query);
        const given = request.query.search !== undefined || request.query.status !== undefined;
        if (claims.grp !== request.params.id || (given && (asked.search !== claims.search || asked.status !== claims.status))) {
          throw refused();
        }
        filter = { search: claims.search ?? undefined, status: claims.status ?? undefined };
      }
      // Ownership is checked again when the link is followed: a list given away meanwhile is refused.
      const grp = await findOwnedItem(db, grpResource, request.params.id, currentUser(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="liste-${grp.id}-contacts.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportContacts(db, Number(grp.id), filter)));
    },
  );

  typed.post(
    '/api/grps/:id/contacts.csv/download',
    {
      onRequest: authenticate,
      schema: { tags: ['lists'], params: GrpIdParams, body: ExportFilter, response: { 201: ExportLink } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const grp = await findOwnedItem(db, grpResource, request.params.id, user);
      const claims: DownloadClaims = { user: user.id, grp: Number(grp.id), ...filterOf(request.body) };
      const token = tokens.signScoped(DOWNLOAD_SCOPE, { ...claims }, DOWNLOAD_TTL_SECONDS);
      return reply.code(201).send({
        url: `/api/grps/${grp.id}/contacts.csv?download=${encodeURIComponent(token)}`,
        token,
        expiresIn: DOWNLOAD_TTL_SECONDS,
      });
    },
  );
}
