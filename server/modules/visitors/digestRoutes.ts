import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/db';
import { notFound } from '../../shared/errors';
import { MediaAnswer } from '../../shared/schemas';
import { escapeHtml as esc } from '../../shared/html';
import { verifyUnsubscribeToken } from './digest';
import { secretOf } from './privateFeed';

type RouteLimit = { rateLimit: { max: number; timeWindow: string } };

const page = (product: string, body: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(product)}</title></head>` +
  `<body style="font-family:Arial,sans-serif;max-width:560px;margin:3rem auto;padding:0 1rem">${body}</body></html>`;

/**
 * A digest's unsubscribe link: the GET asks (link scanners open links), the POST — the page's
 * button, or a mail client's one-click (RFC 8058) — sets `digest` to `aucun`.
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
          response: { 200: MediaAnswer('La page du désabonnement du résumé.', 'text/html') },
        },
        handler: async (request, reply) => {
          const visitorId = verifyUnsubscribeToken(await secretOf(db), request.params.token);
          const [visitor] = visitorId ? await db.query<{ email: string }>('SELECT email FROM visitor WHERE id = $1', [visitorId]) : [];
          if (!visitor) throw notFound('Lien de désabonnement');
          let body: string;
          if (method === 'POST') {
            await db.query("UPDATE visitor SET digest = 'aucun' WHERE id = $1", [visitorId]);
            body = `<h1>C'est fait</h1><p>${esc(visitor.email)} ne recevra plus le résumé des nouvelles vidéos.</p>`;
          } else {
            body =
              `<h1>Ne plus recevoir le résumé ?</h1><p>Le résumé des nouvelles vidéos ne sera plus envoyé à ${esc(visitor.email)}.</p>` +
              `<form method="post"><button type="submit" style="padding:10px 18px">Me désabonner du résumé</button></form>`;
          }
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(productName, body));
        },
      });
    }
  });
}
