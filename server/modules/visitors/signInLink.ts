import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db, Queryable } from '../../db/db';
import { Answer, SimpleEmail } from '../../shared/schemas';
import { enqueueMessages } from '../mail';
import { findVisitorByEmail, type Visitor } from './repository';

/** A sign-in link is mailed to an address at most this often. */
export const SIGN_IN_LINK_EVERY_MS = 10 * 60_000;

/** The one answer to "Retrouver mon espace", whether the address has a space or not. */
export const SIGN_IN_LINK_MAYBE_SENT = "Si un espace existe pour cette adresse, un lien vient d'y être envoyé.";

/** Queues a sign-in link to the visitor (at most one every SIGN_IN_LINK_EVERY_MS). */
export async function mailSignInLink(db: Queryable, visitor: Visitor): Promise<void> {
  const window = Math.floor(Date.now() / SIGN_IN_LINK_EVERY_MS);
  await enqueueMessages(db, [
    { kind: 'visiteur-connexion', key: `visitor-${visitor.id}-connexion-${window}`, to: visitor.email, payload: { visitorId: visitor.id } },
  ]);
}

type RouteLimit = { rateLimit: { max: number; timeWindow: string } };

/**
 * "Retrouver mon espace" (issue 42): a sign-in link is mailed when the address has a space, and
 * no space is made when it has none. Known and unknown addresses get the same answer in the same
 * time, so the form tells nobody who has a space: the look-up and the mail come after the answer.
 */
export function registerSignInLinkRoute(app: FastifyInstance, { db, writeLimit }: { db: Db; writeLimit: RouteLimit }): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/visitor/sign-in-link',
    {
      config: writeLimit,
      schema: {
        tags: ['visitors'],
        body: Type.Object({ email: SimpleEmail }, { additionalProperties: false }),
        response: { 202: Answer({ message: Type.String() }) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      setImmediate(() => {
        findVisitorByEmail(db, email)
          .then((visitor) => visitor && mailSignInLink(db, visitor))
          .catch((error: Error) => request.log.warn({ error: error.message }, 'sign-in link not queued'));
      });
      return reply.code(202).send({ message: SIGN_IN_LINK_MAYBE_SENT });
    },
  );
}
