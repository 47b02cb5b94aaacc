import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../db/db';
import {
  applyMergePatch,
  collectionQuerySchema,
  collectionResponseSchema,
  findItem,
  findOwnedItem,
  idParamsSchema,
  itemResponseSchema,
  listCollection,
  scopeQuery,
  toItem,
  updateItem,
} from '../../shared/hydra';
import { currentUser, endUserSessions, isAdmin, ROLE_ADMIN, ROLES } from '../../shared/auth';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import type { ModuleContext } from '../../shared/context';
import { userResource } from './resource';
import { Answer, Email } from '../../shared/schemas';
import { usersCopy as copy } from './copy';
import { otherActiveAdmins, transferRows } from './repository';
import { invitationRoutes, inviteUser } from './invitation';
import { recordAudit } from '../audit';

const Roles = Type.Array(Type.String({ pattern: '^ROLE_[A-Z_]+$', maxLength: 50 }), { maxItems: 10 });

const UserPatch = Type.Object(
  {
    email: Type.Optional(Email),
    roles: Type.Optional(Roles),
  },
  { additionalProperties: false },
);

const UserCreate = Type.Object({ email: Email, roles: Roles }, { additionalProperties: false });
const TransferBody = Type.Object({ to: Type.Integer({ minimum: 1, maximum: 2147483647 }) }, { additionalProperties: false });
const TransferAnswer = Answer({ from: Type.Integer(), to: Type.Integer(), moved: Type.Record(Type.String(), Type.Integer()) });

/** The roles given, known and at least one: a French 400 naming `roles` otherwise. */
function checkedRoles(roles: string[]): string[] {
  const unique = [...new Set(roles)];
  if (unique.length === 0) throw badRequest('roles', copy.noRole);
  if (unique.some((role) => !(ROLES as readonly string[]).includes(role))) throw badRequest('roles', copy.badRoles);
  return unique;
}

/** Refuses (409) taking the last active admin away, in the transaction that would. */
async function keepAnAdmin(tx: Queryable, target: { id: number; roles: string[]; deactivated: boolean }): Promise<void> {
  if (target.deactivated || !target.roles.includes(ROLE_ADMIN)) return;
  if ((await otherActiveAdmins(tx, target.id)) === 0) throw conflict(copy.lastAdmin, 'roles');
}

/**
 * Users (issue 39): the hydra collection, invitations (`POST /api/users`, accepted through
 * `POST /api/invitation`), roles, deactivation and the transfer of a user's rows. Admins only
 * but for reading and renaming oneself (shared/access.ts).
 */
export const usersRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, context) => {
  const { db, authenticate, config } = context;
  invitationRoutes(app, context);

  app.post(
    '/api/users',
    { onRequest: authenticate, schema: { tags: ['users'], body: UserCreate, response: { 201: itemResponseSchema(userResource) } } },
    async (request, reply) => {
      const roles = checkedRoles(request.body.roles);
      const email = request.body.email.toLowerCase();
      const id = await inviteUser(db, email, roles, context.config.invitationTtlHours);
      await recordAudit(db, config, { user: currentUser(request).id, action: 'user.invited', email, rows: 1, detail: { id, roles } });
      return reply.code(201).send(toItem(userResource, await findItem(db, userResource, id)));
    },
  );

  app.delete(
    '/api/users/:id',
    { onRequest: authenticate, schema: { tags: ['users'], params: idParamsSchema, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [target] = await tx.query<{ id: number; roles: string[]; deactivated: boolean }>(
          'SELECT id, roles, deactivated_at IS NOT NULL AS deactivated FROM app_user WHERE id = $1',
          [id],
        );
        if (!target) throw notFound(copy.user);
        await keepAnAdmin(tx, target);
        // Sessions end; API tokens stop with the user (auth.ts reads only active users); rows stay.
        await tx.query('UPDATE app_user SET deactivated_at = COALESCE(deactivated_at, now()), last_modified = now() WHERE id = $1', [id]);
        await endUserSessions(tx, id);
        await recordAudit(tx, config, { user: currentUser(request).id, action: 'user.deactivated', rows: 1, detail: { id } });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/transfert',
    { onRequest: authenticate, schema: { tags: ['users'], params: idParamsSchema, body: TransferBody, response: { 200: TransferAnswer } } },
    async (request) => {
      const from = request.params.id;
      const { to } = request.body;
      if (to === from) throw badRequest('to', copy.transferSelf);
      const moved = await db.transaction(async (tx) => {
        const [source] = await tx.query('SELECT id FROM app_user WHERE id = $1', [from]);
        if (!source) throw notFound(copy.user);
        const [target] = await tx.query('SELECT id FROM app_user WHERE id = $1 AND deactivated_at IS NULL', [to]);
        if (!target) throw badRequest('to', copy.transferTarget);
        const rows = await transferRows(tx, from, to);
        await recordAudit(tx, config, { user: currentUser(request).id, action: 'user.transferred', rows: Object.values(rows).reduce((sum, n) => sum + n, 0), detail: { from, to, moved: rows } });
        return rows;
      });
      return { from, to, moved };
    },
  );

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
      if (request.body.roles !== undefined && !isAdmin(user)) throw forbidden(copy.rolesAdminOnly);
      const roles = request.body.roles === undefined ? undefined : checkedRoles(request.body.roles);
      const values = applyMergePatch(userResource, current, {
        ...request.body,
        roles,
        email: request.body.email?.toLowerCase(),
      });
      try {
        return toItem(
          userResource,
          await db.transaction(async (tx) => {
            if (roles && !roles.includes(ROLE_ADMIN)) {
              const [target] = await tx.query<{ id: number; roles: string[]; deactivated: boolean }>(
                'SELECT id, roles, deactivated_at IS NOT NULL AS deactivated FROM app_user WHERE id = $1',
                [request.params.id],
              );
              if (target) await keepAnAdmin(tx, target);
            }
            if (roles && [...roles].sort().join() !== [...(current.roles as string[])].sort().join()) {
              await recordAudit(tx, config, { user: user.id, action: 'user.role_changed', rows: 1, detail: { id: request.params.id, from: current.roles, to: roles } });
            }
            return updateItem(tx, userResource, request.params.id, values);
          }),
        );
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw conflict(copy.emailTaken, 'email');
        throw error;
      }
    },
  );

  app.delete(
    '/api/users/:id/sessions',
    { onRequest: authenticate, schema: { tags: ['users'], params: idParamsSchema, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const [target] = await db.query('SELECT id FROM app_user WHERE id = $1', [request.params.id]);
      if (!target) throw notFound('Utilisateur');
      await endUserSessions(db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
