import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable, Row } from '../../db/db';
import { currentUser, isAdmin, type AuthUser } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { DEFAULT_CSV_SEPARATOR, type CsvSeparator } from '../../shared/csv';
import { DownloadLink, downloadLinks, downloadRefused } from '../../shared/downloadLinks';
import { isEmail } from '../../shared/email';
import { badRequest, conflict, forbidden, HttpError } from '../../shared/errors';
import {
  collectionQuerySchema,
  collectionResponseSchema,
  itemResponseSchema,
  listCollection,
  scopeQuery,
  selectList,
  type CollectionQuery,
} from '../../shared/hydra';
import { recordAudit } from '../audit';
import { suppressionsCopy as copy } from './copy';
import { exportSuppressions } from './csvExport';
import { removeSuppression, suppressAddresses, suppressionOf } from './repository';
import { suppressionResource } from './resource';
import {
  SuppressionCreate,
  SuppressionExportFilter,
  SuppressionExportQuery,
  SuppressionOwnerQuery,
  SuppressionParams,
  SuppressionsCsvAnswer,
} from './schemas';
import type { SuppressionReason } from './types';

const TAGS = ['suppressions'];
const BASE = '/api/suppressions';

/** An item's address: its e-mail (encoded) and its owner, which names it among an admin's. */
const iriOf = (row: Row) => `${BASE}/${encodeURIComponent(String(row.email))}?user=${row.user}`;
const toSuppressionItem = (row: Row) => ({ '@id': iriOf(row), '@type': suppressionResource.type, ...row });

/** The address of an item's path: a French 400 naming `email` when it is none. */
function addressParam(raw: string): string {
  const email = raw.trim();
  if (!isEmail(email)) throw badRequest('email', copy.badEmail(raw));
  return email.toLowerCase();
}

/** Whose list a request means: the caller's, or (admins) the user it names. */
function ownerOf(user: AuthUser, named: number | undefined): number {
  if (named === undefined || named === user.id) return user.id;
  if (!isAdmin(user)) throw forbidden(copy.onlyYours);
  return named;
}

async function findSuppression(db: Queryable, owner: number, email: string): Promise<Row | null> {
  const [row] = await db.query<Row>(
    `SELECT ${selectList(suppressionResource)} FROM ${suppressionResource.table} WHERE user_id = $1 AND email = lower($2)`,
    [owner, email],
  );
  return row ?? null;
}

/** What a download link binds: who asked, and which addresses. */
interface DownloadClaims {
  user: number;
  owner: number | null;
  search: string | null;
  reason: SuppressionReason | null;
  separator: CsvSeparator;
}

/**
 * The suppression list (issue 37, docs/architecture.md, «Suppression list»): `/api/suppressions`
 * (hydra: `email`, `reason`, `source`, `at[after]`/`at[before]`, `search` on the address), adding
 * an address, reading and removing one (`/api/suppressions/{email}`, `?user=` for an admin on
 * another's), and its CSV export. An operator sees and changes their own list, an admin every one.
 */
export const suppressionsRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, authenticate } = context;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const item = itemResponseSchema(suppressionResource);

  typed.get(
    BASE,
    {
      onRequest: authenticate,
      schema: { tags: TAGS, querystring: collectionQuerySchema(suppressionResource), response: { 200: collectionResponseSchema(suppressionResource) } },
    },
    async (request) => {
      const asked: CollectionQuery = { ...request.query };
      // Addresses are kept lower-cased: the exact filter compares so.
      if (typeof asked.email === 'string') asked.email = asked.email.trim().toLowerCase();
      const query = scopeQuery(suppressionResource, asked, currentUser(request));
      const collection = await listCollection(db, suppressionResource, query, BASE);
      return { ...collection, 'hydra:member': collection['hydra:member'].map(toSuppressionItem) };
    },
  );

  typed.post(
    BASE,
    { onRequest: authenticate, schema: { tags: TAGS, body: SuppressionCreate, response: { 201: item } } },
    async (request, reply) => {
      const user = currentUser(request);
      const owner = ownerOf(user, request.body.user);
      const email = request.body.email.trim();
      const reason = request.body.reason ?? 'opérateur';
      const created = await db.transaction(async (tx) => {
        const [exists] = await tx.query('SELECT 1 FROM app_user WHERE id = $1', [owner]);
        if (!exists) throw badRequest('user', `L'utilisateur ${owner} n'existe pas.`);
        const added = await suppressAddresses(tx, [{ owner, email, reason, source: 'opérateur', addedBy: user.id }]);
        if (added === 0) {
          const already = await suppressionOf(tx, [owner], email);
          throw conflict(copy.already(email.toLowerCase(), already?.reason ?? reason), 'email');
        }
        await recordAudit(tx, context.config, { user: user.id, action: 'address.suppressed', email, rows: 1, detail: { owner, reason } });
        return (await findSuppression(tx, owner, email))!;
      });
      const answer = toSuppressionItem(created);
      return reply.code(201).header('location', answer['@id']).send(answer);
    },
  );

  typed.get(
    `${BASE}/:email`,
    { onRequest: authenticate, schema: { tags: TAGS, params: SuppressionParams, querystring: SuppressionOwnerQuery, response: { 200: item } } },
    async (request) => {
      const email = addressParam(request.params.email);
      const owner = ownerOf(currentUser(request), request.query.user);
      const row = await findSuppression(db, owner, email);
      if (!row) throw new HttpError(404, copy.notFound);
      return toSuppressionItem(row);
    },
  );

  typed.delete(
    `${BASE}/:email`,
    { onRequest: authenticate, schema: { tags: TAGS, params: SuppressionParams, querystring: SuppressionOwnerQuery, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const email = addressParam(request.params.email);
      const owner = ownerOf(currentUser(request), request.query.user);
      // The consent events of the owner's contacts with it say so (the table's trigger).
      if (!(await removeSuppression(db, owner, email))) throw new HttpError(404, copy.notFound);
      return reply.code(204).send(null);
    },
  );

  // The export: a bearer (API clients) or a one-minute download link the console follows.
  const downloads = downloadLinks<DownloadClaims>(context, 'suppressions-export');
  const claimsOf = (user: AuthUser, filter: { search?: string; reason?: SuppressionReason; user?: number; separator?: CsvSeparator }) => ({
    user: user.id,
    // An operator's own list; an admin's: the user named, or every list.
    owner: isAdmin(user) ? (filter.user ?? null) : ownerOf(user, filter.user),
    search: filter.search?.trim() || null,
    reason: filter.reason ?? null,
    separator: filter.separator ?? DEFAULT_CSV_SEPARATOR,
  });

  typed.get(
    `${BASE}.csv`,
    { onRequest: downloads.authenticate, schema: { tags: TAGS, querystring: SuppressionExportQuery, response: { 200: SuppressionsCsvAnswer } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { download: _token, ...asked } = request.query;
      const given = downloads.claimsOf(request);
      const wanted = claimsOf(user, asked);
      // The link names its addresses: it cannot be pointed at others.
      const fields = { user: 'owner', search: 'search', reason: 'reason', separator: 'separator' } as const;
      if (given && Object.entries(fields).some(([name, claim]) => asked[name as keyof typeof fields] !== undefined && wanted[claim] !== given[claim])) {
        throw downloadRefused();
      }
      const claims = given ?? wanted;
      // The owner is checked again when the link is followed.
      const owner = claims.owner === null ? undefined : ownerOf(user, claims.owner);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="exclusions.csv"')
        .header('cache-control', 'no-store')
        .send(
          Readable.from(
            exportSuppressions(db, { user: owner, search: claims.search ?? undefined, reason: claims.reason ?? undefined, separator: claims.separator }),
          ),
        );
    },
  );

  typed.post(
    `${BASE}.csv/download`,
    { onRequest: authenticate, schema: { tags: TAGS, body: SuppressionExportFilter, response: { 201: DownloadLink } } },
    async (request, reply) => {
      const user = currentUser(request);
      return reply.code(201).send(downloads.link(`${BASE}.csv`, claimsOf(user, request.body)));
    },
  );
};
