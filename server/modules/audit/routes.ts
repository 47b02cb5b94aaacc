import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser, isAdmin } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { forbidden } from '../../shared/errors';
import { ADMIN_ONLY } from '../../shared/access';
import { collectionQuerySchema, collectionResponseSchema, listCollection } from '../../shared/hydra';
import { auditResource } from './resource';


const bound = (description: string) => Type.Optional(Type.String({ format: 'date-time', maxLength: 40, description }));

/** `GET /api/audit`'s query: hydra's, with `after`/`before` (ISO 8601) for the entry's time. */
const AuditQuery = Type.Composite([
  collectionQuerySchema(auditResource),
  Type.Object({
    after: bound("Les entrées à partir de cet instant (compris), ISO 8601 avec son fuseau."),
    before: bound("Les entrées jusqu'à cet instant (compris), ISO 8601 avec son fuseau."),
  }),
]);

/**
 * The audit trail (issue 38): `GET /api/audit`, admins only, newest first, filtered by `action`,
 * `user` (id) and `after`/`before`. No route writes, changes or deletes an entry.
 */
export const auditRoutes: FastifyPluginAsync<ModuleContext> = async (app, { db, authenticate }) => {
  const requireAdmin = async (request: FastifyRequest) => {
    if (!isAdmin(currentUser(request))) throw forbidden(ADMIN_ONLY.audit);
  };
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/audit',
    {
      onRequest: [authenticate, requireAdmin],
      schema: { tags: ['audit'], querystring: AuditQuery, response: { 200: collectionResponseSchema(auditResource) } },
    },
    async (request) => {
      const { after, before, ...rest } = request.query as Record<string, unknown>;
      const query = { ...rest, ...(after ? { 'at[after]': after } : {}), ...(before ? { 'at[before]': before } : {}) };
      return { ...(await listCollection(db, auditResource, query, '/api/audit')) };
    },
  );
};
