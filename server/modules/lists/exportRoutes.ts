import { recordAudit } from '../audit';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { currentUser } from '../../shared/auth';
import { DownloadLink, downloadLinks, downloadRefused } from '../../shared/downloadLinks';
import { findOwnedItem } from '../../shared/hydra';
import { badRequest } from '../../shared/errors';
import { DEFAULT_CSV_SEPARATOR, type CsvSeparator } from '../../shared/csv';
import { exportContacts, type ExportFilter as Filter } from './csvExport';
import { grpResource } from './resource';
import { ContactsCsvAnswer, ExportFilter, ExportQuery, GrpIdParams } from './schemas';

/** What a download token is good for: one export, never a session. */
const DOWNLOAD_SCOPE = 'contacts-export';

/** What a download token binds: who asked, which list, which filters. */
interface DownloadClaims {
  user: number;
  grp: number;
  search: string | null;
  status: string | null;
  separator: CsvSeparator;
  /** The attribute filters, by name (absent in links made before attributes). */
  attribs?: Record<string, string>;
}

const filterOf = (query: Filter) => ({
  search: query.search ?? null,
  status: query.status ?? null,
  separator: query.separator ?? DEFAULT_CSV_SEPARATOR,
  attribs: query.attribs ?? {},
});

/** The `attribs[name]=value` keys of a query string, by name. */
const attribsOfQuery = (query: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([key, value]) => key.startsWith('attribs[') && key.endsWith(']') && value !== undefined)
      .map(([key, value]) => [key.slice('attribs['.length, -1), String(value)]),
  );

const sameAttribs = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * `GET /api/grps/{id}/contacts.csv`: the list's contacts (or those the table's search and status
 * show), streamed. A bearer opens it (API clients), or a download link from
 * `POST /api/grps/{id}/contacts.csv/download` (shared/downloadLinks.ts).
 */
export function registerExportRoutes(app: FastifyInstance, context: ModuleContext): void {
  const { db, authenticate } = context;
  const downloads = downloadLinks<DownloadClaims>(context, DOWNLOAD_SCOPE);

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get(
    '/api/grps/:id/contacts.csv',
    {
      onRequest: downloads.authenticate,
      schema: { tags: ['lists'], params: GrpIdParams, querystring: ExportQuery, response: { 200: ContactsCsvAnswer } },
    },
    async (request, reply) => {
      const claims = downloads.claimsOf(request);
      const queryAttribs = attribsOfQuery(request.query as Record<string, unknown>);
      if (Object.keys(queryAttribs).length > 5) throw badRequest('attribs', "Au plus 5 filtres 'attribs[…]' à la fois.");
      let filter: Filter = { ...request.query, attribs: queryAttribs };
      if (claims) {
        // The token names its list and filters: the link cannot be pointed at others.
        const asked = filterOf(filter);
        const given = request.query.search !== undefined || request.query.status !== undefined || Object.keys(queryAttribs).length > 0;
        const separator = claims.separator ?? DEFAULT_CSV_SEPARATOR;
        const claimed = claims.attribs ?? {};
        if (
          claims.grp !== request.params.id ||
          (given && (asked.search !== claims.search || asked.status !== claims.status || !sameAttribs(asked.attribs, claimed))) ||
          (request.query.separator !== undefined && request.query.separator !== separator)
        ) {
          throw downloadRefused();
        }
        filter = { search: claims.search ?? undefined, status: claims.status ?? undefined, separator, attribs: claimed };
      }
      // Ownership is checked again when the link is followed: a list given away meanwhile is refused.
      const grp = await findOwnedItem(db, grpResource, request.params.id, currentUser(request));
      const [held] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM grp_rcp WHERE grp_id = $1', [grp.id]);
      await recordAudit(db, context.config, { user: currentUser(request).id, action: 'contacts.exported', rows: held.n, detail: { list: Number(grp.id) } });
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
      schema: { tags: ['lists'], params: GrpIdParams, body: ExportFilter, response: { 201: DownloadLink } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const grp = await findOwnedItem(db, grpResource, request.params.id, user);
      const claims: DownloadClaims = { user: user.id, grp: Number(grp.id), ...filterOf(request.body) };
      return reply.code(201).send(downloads.link(`/api/grps/${grp.id}/contacts.csv`, claims));
    },
  );
}
