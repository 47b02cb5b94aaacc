import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Row } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { currentUser } from '../../shared/auth';
import { registerCrud } from '../../shared/crud';
import { sameSecret } from '../../shared/secrets';
import { conflict, forbidden, unauthorized } from '../../shared/errors';
import { applyMergePatch, findItem, idParamsSchema, itemResponseSchema, toItem, updateItem } from '../../shared/hydra';
import { findRecipientByEmail, newRecipientToken, upsertRecipient } from './repository';
import { recipientResource } from './resource';
import { LocalToProdAnswer, LocalToProdListAnswer, RecipientCreate, RecipientList, RecipientPatch, TokenQuery } from './schemas';

const alreadyThere = (email: string) => conflict(`Un destinataire a déjà l'adresse ${email}.`, 'email');

/**
 * Recipients (spec §7.2): the operator creates and reads them; a recipient changes their own
 * record with the token they were given; localToProd (spec §7.4) upserts them by e-mail.
 */
export const recipientsRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, authenticate } = context;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['recipients'];

  registerCrud(app, context, recipientResource, {
    createBody: RecipientCreate,
    beforeCreate: async (values, _user, tx) => {
      const email = String(values.email).trim();
      if (await findRecipientByEmail(tx, Number(values.user), email)) throw alreadyThere(email);
      return { ...values, email, token: newRecipientToken() };
    },
  });

  typed.patch(
    '/api/recipients/:id',
    {
      schema: { tags, params: idParamsSchema, querystring: TokenQuery, body: RecipientPatch, response: { 200: itemResponseSchema(recipientResource) } },
      // Public: the recipient has no account, only their token.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { token: bodyToken, ...patch } = request.body;
      const token = bodyToken ?? request.query.token;
      if (!token) throw unauthorized("Le jeton du destinataire est requis (champ 'token').");
      return db.transaction(async (tx) => {
        const current = await findItem(tx, recipientResource, request.params.id);
        if (!sameSecret(token, String(current.token))) throw forbidden('Jeton du destinataire invalide.');
        if (patch.email && (await findRecipientByEmail(tx, Number(current.user), patch.email, Number(current.id)))) {
          throw alreadyThere(patch.email);
        }
        const values = applyMergePatch(recipientResource, current, patch);
        return toItem(recipientResource, await updateItem(tx, recipientResource, request.params.id, values));
      });
    },
  );

  typed.post('/api/localToProd', { onRequest: authenticate, schema: { tags, body: RecipientCreate, response: { 200: LocalToProdAnswer, 201: LocalToProdAnswer } } }, async (request, reply) => {
    const { row, created } = await upsertRecipient(db, currentUser(request).id, request.body as Row);
    return reply.code(created ? 201 : 200).send({ created, recipient: toItem(recipientResource, row) });
  });

  typed.post(
    '/api/localToProd/list',
    { onRequest: authenticate, schema: { tags, body: RecipientList, response: { 200: LocalToProdListAnswer } } },
    async (request: FastifyRequest<{ Body: Row[] }>) => {
      const userId = currentUser(request).id;
      // The last of several items with one e-mail wins, as if they had been sent one by one.
      const byEmail = new Map(request.body.map((item) => [String(item.email).toLowerCase(), item]));
      return db.transaction(async (tx) => {
        let created = 0;
        for (const item of byEmail.values()) if ((await upsertRecipient(tx, userId, item)).created) created += 1;
        return { created, updated: byEmail.size - created };
      });
    },
  );
};
