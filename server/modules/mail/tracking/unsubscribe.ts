import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Handlebars from 'handlebars';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../../db/db';
import { findContactWithList, unsubscribeContact } from '../../lists/repository';
import { copy } from '../copy';
import { recordUnsubscribe } from './results';
import { UnsubscribePageAnswer } from './schemas';

/** The test token: BAT messages carry a link that changes nothing. */
const TEST_TOKEN = 'test';

/** The HMAC key of unsubscribe links, made once and kept in the database that every process shares. */
export async function loadLinkSecret(db: Queryable): Promise<string> {
  await db.query('INSERT INTO mail_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ secret: string }>('SELECT secret FROM mail_secret WHERE id = 1');
  return row.secret;
}

/** Signed, unguessable tokens naming a contact of a list: `{contactId}.{mac}`; they do not expire. */
export function unsubscribeTokens(secret: string) {
  const mac = (contactId: number) =>
    createHmac('sha256', secret).update(`unsubscribe:${contactId}`).digest('base64url').slice(0, 24);
  return {
    sign: (contactId: number | null) => (contactId === null ? TEST_TOKEN : `${contactId}.${mac(contactId)}`),
    /** The contact's id, 'test', or null for a token that was not made here. */
    verify: (token: string): number | 'test' | null => {
      if (token === TEST_TOKEN) return 'test';
      const match = /^([1-9][0-9]{0,9})\.([\w-]{24})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(mac(Number(match[1])));
      const given = Buffer.from(match[2]);
      return expected.length === given.length && timingSafeEqual(expected, given) ? Number(match[1]) : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

const escape = Handlebars.escapeExpression;

function page(productName: string, message: string, form?: { action: string; question: string }): string {
  const body = form
    ? `<p>${escape(form.question)}</p>
    <form method="post" action="${escape(form.action)}">
      <input type="hidden" name="List-Unsubscribe" value="One-Click">
      <button type="submit">${escape(copy.unsubscribe.confirm)}</button>
    </form>`
    : `<p role="status">${escape(message)}</p>`;
  return `<!doctype html>
<html lang="fr">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escape(copy.unsubscribe.title)} – ${escape(productName)}</title>
  <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}
  button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}</style>
</head>
<body>
  <h1>${escape(copy.unsubscribe.title)}</h1>
  ${body}
</body>
</html>`;
}

const Params = Type.Object({ token: Type.String({ maxLength: 100 }) });

/**
 * The public unsubscribe page: GET asks (so that link scanners unsubscribe no one), POST — the
 * page's button, or a mail client's one-click request (RFC 8058) — deactivates the contact in
 * its list; later sends skip it.
 */
export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  { db, productName, tokens }: { db: Queryable; productName: string; tokens: () => UnsubscribeTokens },
): void {
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  const contactOf = async (token: string) => {
    const id = tokens().verify(token);
    if (id === null || id === 'test') return id;
    return findContactWithList(db, id);
  };

  /** The page's status and HTML: a question on GET, the deed on POST. */
  const answer = async (token: string, confirm: boolean): Promise<[number, string]> => {
    const contact = await contactOf(token);
    if (contact === null) return [404, page(productName, copy.unsubscribe.invalid)];
    if (contact === 'test') return [200, page(productName, copy.unsubscribe.test)];
    if (!confirm) {
      if (contact.actif === 0) return [200, page(productName, copy.unsubscribe.already(contact.email, contact.list))];
      const question = copy.unsubscribe.question(contact.email, contact.list);
      return [200, page(productName, '', { action: `/api/unsubscribe/${token}`, question })];
    }
    if (await unsubscribeContact(db, contact.id)) await recordUnsubscribe(db, contact.id);
    return [200, page(productName, copy.unsubscribe.done(contact.email, contact.list))];
  };

  // One-click requests come as forms; their body says nothing the URL does not. The form
  // parsers live in a scope of their own: no other route reads forms.
  app.register(async (scope) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 10_000 }, (_request, _body, done) => done(null, {}));
    }
    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
    for (const method of ['GET', 'POST'] as const) {
      typed.route({
        method,
        url: '/api/unsubscribe/:token',
        config: { rateLimit },
        schema: { tags: ['mail'], params: Params, response: { 200: UnsubscribePageAnswer, '4xx': UnsubscribePageAnswer } },
        handler: async (request, reply) => {
          const [status, content] = await answer(request.params.token, method === 'POST');
          return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(content);
        },
      });
    }
  });
}
