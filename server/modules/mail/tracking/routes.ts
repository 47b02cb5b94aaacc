import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../../db/db';
import { recordClick, recordOpen } from './results';
import { ErrorAnswer } from '../../../shared/openapi';
import { ClickAnswer, OpenPixelAnswer } from './schemas';
import type { MailTokens } from './tokens';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const ClickParams = Type.Object({ token: Type.String({ maxLength: 12_000 }) });
const OpenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

/** Where tracked links and the open image point, under PUBLIC_URL. */
export const trackingPaths = {
  click: (token: string) => `/api/t/c/${token}`,
  open: (token: string) => `/api/t/o/${token}.gif`,
};

/**
 * The public tracking routes. A click answers 302 to the address signed in its token, and only
 * to it: a modified or unsigned token is a 404 (never an open redirect). The open image is
 * always the same GIF, so that a bad token tells nothing; it is recorded only when signed.
 */
export function registerTrackingRoutes(
  app: FastifyInstance,
  { db, tokens, rateLimit }: { db: Queryable; tokens: () => MailTokens; rateLimit: number },
): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = { rateLimit: { max: rateLimit, timeWindow: '1 minute' } };

  typed.get(
    '/api/t/c/:token',
    { config, schema: { tags: ['mail'], params: ClickParams, response: { 302: ClickAnswer, '4xx': Type.Ref(ErrorAnswer) } } },
    async (request, reply) => {
      const click = tokens().click.verify(request.params.token);
      if (!click || !/^https?:\/\//i.test(click.url)) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Lien inconnu.' });
      }
      await recordClick(db, click, click.url);
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(click.url, 302);
    },
  );

  typed.get(
    '/api/t/o/:token',
    { config, schema: { tags: ['mail'], params: OpenParams, response: { 200: OpenPixelAnswer } } },
    async (request, reply) => {
      const open = tokens().open.verify(request.params.token.replace(/\.gif$/, ''));
      if (open) await recordOpen(db, open);
      return reply.code(200).type('image/gif').header('Cache-Control', 'no-store, max-age=0').send(PIXEL);
    },
  );
}
