import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../../db/db';
import { recordClick, recordOpen } from './results';
import { ErrorAnswer } from '../../../shared/openapi';
import { ClickAnswer, OpenPixelAnswer } from './schemas';
import type { MailTokens } from './tokens';
import { linkTarget } from './linkTargets';
import { TRACKED_TARGET } from './trackHtml';

/**
 * The `Location` of a redirect to `target`: its WHATWG URL serialisation (every character
 * outside ASCII percent-encoded as UTF-8, the host in punycode, query and fragment kept), or
 * null for what is no http, https or mailto address.
 */
export function redirectLocation(target: string): string | null {
  if (!TRACKED_TARGET.test(target.trim())) return null;
  try {
    const url = new URL(target.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const ClickParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
const OpenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

/** Where tracked links and the open image point, under PUBLIC_URL. */
export const trackingPaths = {
  click: (token: string) => `/api/t/c/${token}`,
  open: (token: string) => `/api/t/o/${token}.gif`,
};

/**
 * The public tracking routes. A click answers 302 to the target its token names (one of its
 * send's links, signed with the recipient), and only to it: a modified or unsigned token is a
 * 404 (never an open redirect). The open image is
 * always the same GIF, so that a bad token tells nothing; it is recorded only when signed.
 */
export function registerTrackingRoutes(
  app: FastifyInstance,
  { db, tokens, rateLimit }: { db: Queryable; tokens: () => MailTokens; rateLimit: number },
): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  // Counting is never refused for a signed token, whatever the rate from one address (mailbox
  // image proxies fetch every open from shared addresses); only invalid tokens are limited.
  const tokenOf = (request: FastifyRequest) => String((request.params as { token?: unknown }).token ?? '');
  const clickConfig = { rateLimit: { max: rateLimit, timeWindow: '1 minute', allowList: (request: FastifyRequest) => tokens().click.verify(tokenOf(request)) !== null } };
  const openConfig = {
    rateLimit: {
      max: rateLimit,
      timeWindow: '1 minute',
      allowList: (request: FastifyRequest) => tokens().open.verify(tokenOf(request).replace(/\.gif$/, '')) !== null,
    },
  };

  typed.get(
    '/api/t/c/:token',
    { config: clickConfig, schema: { tags: ['mail'], params: ClickParams, response: { 302: ClickAnswer, '4xx': Type.Ref(ErrorAnswer) } } },
    async (request, reply) => {
      const click = tokens().click.verify(request.params.token);
      const target = click ? (click.url ?? (await linkTarget(db, click.sendId, click.linkId))) : null;
      const location = target === null ? null : redirectLocation(target);
      if (!click || target === null || location === null) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Lien inconnu.' });
      }
      await recordClick(db, click, target);
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(location, 302);
    },
  );

  typed.get(
    '/api/t/o/:token',
    { config: openConfig, schema: { tags: ['mail'], params: OpenParams, response: { 200: OpenPixelAnswer } } },
    async (request, reply) => {
      const open = tokens().open.verify(request.params.token.replace(/\.gif$/, ''));
      if (open) await recordOpen(db, open);
      return reply.code(200).type('image/gif').header('Cache-Control', 'no-store, max-age=0').send(PIXEL);
    },
  );
}
