import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/db';
import { MediaAnswer } from '../../shared/schemas';
import { unsubscribePage } from '../mail';
import { DIGEST_AUDIENCE, verifyLegacyDigestToken } from './digestUnsubscribe';
import { secretOf } from './privateFeed';

type RouteLimit = { rateLimit: { max: number; timeWindow: string } };

/**
 * The unsubscribe link of digests sent before they went through mail's one unsubscribe
 * mechanism: a thin compatibility path. It reads its older token and answers as that mechanism
 * does for the digest's audience (the GET asks, the POST — the page's button, or a mail
 * client's one-click, RFC 8058 — sets `digest` to `aucun`).
 */
export function registerDigestRoutes(app: FastifyInstance, { db, productName, writeLimit }: { db: Db; productName: string; writeLimit: RouteLimit }) {
  app.register(async (scope) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 10_000 }, (_request, _body, done) => done(null, {}));
    }
    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
    for (const method of ['GET', 'POST'] as const) {
      typed.route({
        method,
        url: '/api/visitor/digest/unsubscribe/:token',
        config: writeLimit,
        schema: {
          tags: ['visitors'],
          params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
          response: { 200: MediaAnswer('La page du désabonnement du résumé.', 'text/html'), '4xx': MediaAnswer('Lien inconnu.', 'text/html') },
        },
        handler: async (request, reply) => {
          const { token } = request.params;
          const visitorId = verifyLegacyDigestToken(await secretOf(db), token);
          const target = visitorId === null ? null : { audience: DIGEST_AUDIENCE, id: visitorId };
          const [status, html] = await unsubscribePage({ db, productName }, target, method === 'POST', `/api/visitor/digest/unsubscribe/${token}`);
          return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
        },
      });
    }
  });
}
