import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  applyMergePatch,
  collectionQuerySchema,
  collectionResponseSchema,
  findOwnedItem,
  idParamsSchema,
  itemResponseSchema,
  listCollection,
  scopeQuery,
  toItem,
  updateItem,
} from '../../shared/hydra';
import { currentUser, endUserSessions, isAdmin } from '../../shared/auth';
import { conflict, forbidden, notFound } from '../../shared/errors';
import type { ModuleContext } from '../../shared/context';
import { userResource } from './resource';
import { Email } from '../../shared/schemas';

const UserPatch = Type.Object(
  {
    email: Type.Optional(Email),
    roles: Type.Optional(Type.Array(Type.String({ pattern: '^ROLE_[A-Z_]+$', maxLength: 50 }), { maxItems: 10 })),
  },
  { additionalProperties: false },
);

export const usersRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, authenticate }) => {
  app.get(
    '/api/users',
    {
      onRequest: authenticate,
      schema: { tags: ['users'], querystring: collectionQuerySchema(userResource), response: { 200: collectionResponseSchema(userResource) } },
    },
    async (request) => {
      const user = currentUser(request);
      const { email } = request.query;
      if (!isAdmin(user) && email !== undefined && String(email).toLowerCase() !== user.email) {
        throw forbidden("Vous ne pouvez consulter que votre propre compte (filtre 'email').");
      }
      // Spread: the response type wants a plain object type, not the HydraCollection interface.
      return { ...(await listCollection(db, userResource, scopeQuery(userResource, request.query, user), '/api/users')) };
    },
  );

  app.get(
    '/api/users/:id',
    { onRequest: authenticate, schema: { tags: ['users'], params: idParamsSchema, response: { 200: itemResponseSchema(userResource) } } },
    async (request) =>
      toItem(userResource, await findOwnedItem(db, userResource, request.params.id, currentUser(request))),
  );

  app.patch(
    '/api/users/:id',
    {
      onRequest: authenticate,
      schema: { tags: ['users'], params: idParamsSchema, body: UserPatch, response: { 200: itemResponseSchema(userResource) } },
    },
    async (request) => {
      const user = currentUser(request);
      const current = await findOwnedItem(db, userResource, request.params.id, user);
      if (request.body.roles !== undefined && !isAdmin(user)) {
        throw forbidden("Seul un administrateur peut changer les rôles (champ 'roles').");
      }
      const values = applyMergePatch(userResource, current, {
        ...request.body,
        email: request.body.email?.toLowerCase(),
      });
      try {
        return toItem(userResource, await updateItem(db, userResource, request.params.id, values));
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw conflict('Cet e-mail est déjà utilisé.', 'email');
        throw error;
      }
    },
  );

  app.delete(
    '/api/users/:id/sessions',
    { onRequest: authenticate, schema: { tags: ['users'], params: idParamsSchema, response: { 204: Type.Null() } } },
    async (request, reply) => {
      if (!isAdmin(currentUser(request))) throw forbidden("Seul un administrateur peut mettre fin aux sessions d'un utilisateur.");
      const [target] = await db.query('SELECT id FROM app_user WHERE id = $1', [request.params.id]);
      if (!target) throw notFound('Utilisateur');
      await endUserSessions(db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
