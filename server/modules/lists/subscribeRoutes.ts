import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { forbidden, notFound } from '../../shared/errors';
import { listsCopy as copy } from './copy';
import { findPublicList, publicSource, subscribePublicly } from './optIn';
import { queueListConfirmation } from './confirmationMessage';
import { GrpIdParams, SubscribeAnswer, SubscribeBody } from './schemas';

/**
 * `POST /api/grps/{id}/subscribe` (docs/architecture.md, «Contacts and consent»): anyone may subscribe to a list that requires
 * confirmation; the contact waits `en attente` and is mailed a confirmation, in one
 * transaction. The answer is the same whoever is already in the list.
 */
export function registerSubscribeRoutes(app: FastifyInstance, { db, config, publicUrl }: ModuleContext): void {
  const writeLimit = { rateLimit: { max: config.publicWriteRateLimit, timeWindow: '1 minute' } };
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/grps/:id/subscribe',
    { config: writeLimit, schema: { tags: ['lists'], params: GrpIdParams, body: SubscribeBody, response: { 202: SubscribeAnswer } } },
    async (request, reply) => {
      const list = await findPublicList(db, request.params.id);
      if (!list || list.actif !== 1) throw notFound('Liste');
      if (!list.doubleOptIn) throw forbidden(copy.subscribe.closed);
      const source = publicSource(request, publicUrl());
      await db.transaction(async (tx) => {
        const pending = await subscribePublicly(tx, list, request.body, request, source);
        if (pending) await queueListConfirmation(tx, pending, config.optinExpiryDays * 24);
      });
      return reply.code(202).send({ message: copy.subscribe.sent });
    },
  );
}
