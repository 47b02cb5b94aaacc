import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { TOKEN_SCOPES } from '../../shared/access';
import { apiTokenHash, currentUser, newApiToken } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { badRequest, notFound } from '../../shared/errors';
import { collectionQuerySchema, collectionResponseSchema, idParamsSchema, listCollection, selectList, toItem } from '../../shared/hydra';
import { Answer } from '../../shared/schemas';
import { tokensCopy as copy } from './copy';
import { tokenResource } from './resource';

const TAGS = ['tokens'];

const TokenCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Type.String({ maxLength: 50 }), { maxItems: TOKEN_SCOPES.length }),
    expiresAt: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  },
  { additionalProperties: false },
);

const TokenCreated = Answer({
  '@id': Type.String(),
  '@type': Type.String(),
  id: Type.Integer(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  created: Type.String(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  user: Type.Integer(),
  token: Type.String(),
});

/**
 * API tokens (issue 39; docs/decisions.md, «A team (issue 39)»): a user's own, made with a
 * name, scopes and an optional expiry, answered once in clear and kept as their SHA-256.
 * Listed without their text; deleting one refuses it at the next request. A token never makes
 * users or tokens (shared/access.ts gives these routes no scope).
 */
export const tokensRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, authenticate }) => {
  app.get(
    '/api/tokens',
    { onRequest: authenticate, schema: { tags: TAGS, querystring: collectionQuerySchema(tokenResource), response: { 200: collectionResponseSchema(tokenResource) } } },
    // Everyone's own tokens, admins' too: the page is « Mon compte ».
    async (request) => ({ ...(await listCollection(db, tokenResource, { ...request.query, user: currentUser(request).id }, '/api/tokens')) }),
  );

  app.post(
    '/api/tokens',
    { onRequest: authenticate, schema: { tags: TAGS, body: TokenCreate, response: { 201: TokenCreated } } },
    async (request, reply) => {
      const user = currentUser(request);
      const name = request.body.name.trim();
      if (!name) throw badRequest('name', "Donnez un nom au jeton (champ 'name').");
      const scopes = [...new Set(request.body.scopes)];
      if (scopes.length === 0) throw badRequest('scopes', copy.noScope);
      const unknown = scopes.find((scope) => !(TOKEN_SCOPES as readonly string[]).includes(scope));
      if (unknown !== undefined) throw badRequest('scopes', copy.badScope(unknown));
      let expiresAt: string | null = null;
      if (request.body.expiresAt) {
        const at = Date.parse(request.body.expiresAt);
        if (Number.isNaN(at)) throw badRequest('expiresAt', copy.badExpiry);
        if (at <= Date.now()) throw badRequest('expiresAt', copy.pastExpiry);
        expiresAt = new Date(at).toISOString();
      }
      const token = newApiToken();
      const [row] = await db.query<Record<string, unknown> & { id: number }>(
        `INSERT INTO api_token (user_id, name, scopes, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${selectList(tokenResource)}`,
        [user.id, name, JSON.stringify(scopes), apiTokenHash(token), expiresAt],
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...(toItem(tokenResource, row) as unknown as Static<typeof TokenCreated>), token });
    },
  );

  app.delete(
    '/api/tokens/:id',
    { onRequest: authenticate, schema: { tags: TAGS, params: idParamsSchema, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const rows = await db.query('DELETE FROM api_token WHERE id = $1 AND user_id = $2 RETURNING id', [request.params.id, currentUser(request).id]);
      // Another's token is as unknown as a missing one.
      if (rows.length === 0) throw notFound(copy.notFound);
      return reply.code(204).send(null);
    },
  );
};
