import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Handlebars from 'handlebars';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../../db/db';
import { mailContacts } from '../contacts';
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

/** Who an unsubscribe token names: a contact of a list (`audience` null), or the subject of a registered audience. */
export interface UnsubscribeTarget {
  audience: string | null;
  id: number;
}

/**
 * Signed, unguessable tokens of unsubscribe links; they do not expire. A contact of a list:
 * `{contactId}.{mac}`; the subject of another audience (the digest's visitor):
 * `{audience}-{id}.{mac}`, the audience signed with the id so that one cannot pass for another.
 */
export function unsubscribeTokens(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url').slice(0, 24);
  const payloadOf = ({ audience, id }: UnsubscribeTarget) => (audience === null ? String(id) : `${audience}:${id}`);
  return {
    sign: (contactId: number | null) => (contactId === null ? TEST_TOKEN : `${contactId}.${mac(String(contactId))}`),
    /** The token of an audience's subject. */
    signFor: (audience: string, id: number) => `${audience}-${id}.${mac(payloadOf({ audience, id }))}`,
    /**
     * The preference page's token (issue 37): a contact, `{contactId}.{mac}` under a label of its
     * own, so that neither kind passes for the other; BAT messages carry 'test'.
     */
    preferences: {
      sign: (contactId: number | null) =>
        contactId === null ? TEST_TOKEN : `${contactId}.${createHmac('sha256', secret).update(`preferences:${contactId}`).digest('base64url').slice(0, 24)}`,
      verify: (token: string): number | 'test' | null => {
        if (token === TEST_TOKEN) return 'test';
        const match = /^([1-9][0-9]{0,9})\.([\w-]{24})$/.exec(token);
        if (!match) return null;
        const expected = Buffer.from(createHmac('sha256', secret).update(`preferences:${match[1]}`).digest('base64url').slice(0, 24));
        const given = Buffer.from(match[2]);
        return expected.length === given.length && timingSafeEqual(expected, given) ? Number(match[1]) : null;
      },
    },
    /** Who the token names, 'test', or null for a token that was not made here. */
    verify: (token: string): UnsubscribeTarget | 'test' | null => {
      if (token === TEST_TOKEN) return 'test';
      const match = /^(?:([a-z]{1,20})-)?([1-9][0-9]{0,9})\.([\w-]{24})$/.exec(token);
      if (!match) return null;
      const target = { audience: match[1] ?? null, id: Number(match[2]) };
      const expected = Buffer.from(mac(payloadOf(target)));
      const given = Buffer.from(match[3]);
      return expected.length === given.length && timingSafeEqual(expected, given) ? target : null;
    },
  };
}

/**
 * Something other than a list that messages can be unsubscribed from (the visitors' digest): the
 * module that owns it registers it from server/modules/index.ts, and its messages carry
 * `MessageContext.unsubscribeUrl(name, id)`; the one unsubscribe page serves it.
 */
export interface UnsubscribeAudience {
  /** Lowercase letters: part of its tokens. */
  name: string;
  /** The subject's address, and whether it still receives what it would leave; null when gone. */
  find(db: Queryable, id: number): Promise<{ email: string; active: boolean } | null>;
  /** Stops it (idempotent). */
  unsubscribe(db: Queryable, id: number): Promise<void>;
  /** The page's French words. */
  copy: { question(email: string): string; done(email: string): string; already(email: string): string };
}

const audiences = new Map<string, UnsubscribeAudience>();

export function registerUnsubscribeAudience(audience: UnsubscribeAudience): void {
  if (!/^[a-z]{1,20}$/.test(audience.name)) throw new Error(`an unsubscribe audience is named in lowercase letters: ${audience.name}`);
  audiences.set(audience.name, audience);
}

/** The page's language: English for `en` (a message written in English links to it so), else French. */
export type PageLanguage = 'fr' | 'en';
const wordsOf = (lang: PageLanguage | undefined) => (lang === 'en' ? copy.unsubscribeEn : copy.unsubscribe);

/** What the page says and does for the subject a token names; null when it is gone. */
async function subjectOf(db: Queryable, target: UnsubscribeTarget, lang?: PageLanguage) {
  if (target.audience !== null) {
    const audience = audiences.get(target.audience);
    const found = audience ? await audience.find(db, target.id) : null;
    if (!audience || !found) return null;
    return {
      active: found.active,
      question: audience.copy.question(found.email),
      done: audience.copy.done(found.email),
      already: audience.copy.already(found.email),
      unsubscribe: () => audience.unsubscribe(db, target.id),
    };
  }
  const contact = await mailContacts().findContactWithList(db, target.id);
  if (!contact) return null;
  const words = wordsOf(lang);
  return {
    active: contact.actif !== 0,
    question: words.question(contact.email, contact.list),
    done: words.done(contact.email, contact.list),
    already: words.already(contact.email, contact.list),
    unsubscribe: async () => {
      if (await mailContacts().unsubscribeContact(db, contact.id)) await recordUnsubscribe(db, contact.id);
    },
  };
}

/**
 * The unsubscribe page's status and HTML for what a token names: a question on GET (its form
 * posts to `action`), the deed on POST. Links of an older form (the digest's first links)
 * answer through it too, once their own token is read.
 */
export async function unsubscribePage(
  { db, productName }: { db: Queryable; productName: string },
  target: UnsubscribeTarget | 'test' | null,
  confirm: boolean,
  action: string,
  lang?: PageLanguage,
): Promise<[number, string]> {
  // An audience's page keeps its own (French) words.
  const language = target !== null && target !== 'test' && target.audience !== null ? undefined : lang;
  const words = wordsOf(language);
  if (target === 'test') return [200, page(productName, words.test, undefined, language)];
  const subject = target === null ? null : await subjectOf(db, target, language);
  if (subject === null) return [404, page(productName, words.invalid, undefined, language)];
  if (!confirm) {
    if (!subject.active) return [200, page(productName, subject.already, undefined, language)];
    return [200, page(productName, '', { action, question: subject.question }, language)];
  }
  await subject.unsubscribe();
  return [200, page(productName, subject.done, undefined, language)];
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

const escape = Handlebars.escapeExpression;

function page(productName: string, message: string, form?: { action: string; question: string }, lang?: PageLanguage): string {
  const words = wordsOf(lang);
  const body = form
    ? `<p>${escape(form.question)}</p>
    <form method="post" action="${escape(form.action)}">
      <input type="hidden" name="List-Unsubscribe" value="One-Click">
      <button type="submit">${escape(words.confirm)}</button>
    </form>`
    : `<p role="status">${escape(message)}</p>`;
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'fr'}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escape(words.title)} – ${escape(productName)}</title>
  <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}
  button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}</style>
</head>
<body>
  <h1>${escape(words.title)}</h1>
  ${body}
</body>
</html>`;
}

const Params = Type.Object({ token: Type.String({ maxLength: 100 }) });
const PageQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10, description: 'La langue de la page : en, sinon le français.' })) });

/**
 * The public unsubscribe page: GET asks (so that link scanners unsubscribe no one), POST — the
 * page's button, or a mail client's one-click request (RFC 8058) — deactivates the contact in
 * its list; later sends skip it.
 */
export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  { db, productName, tokens }: { db: Queryable; productName: string; tokens: () => UnsubscribeTokens },
): void {
  // Only what fails is limited: a valid token (a genuine one-click POST from a mailbox
  // provider's shared address, RFC 8058) is never refused, whatever the rate; junk tokens from
  // one address are (issue 22).
  const rateLimit = {
    max: 30,
    timeWindow: '1 minute',
    allowList: (request: FastifyRequest) => tokens().verify(String((request.params as { token?: unknown }).token ?? '')) !== null,
  };

  const answer = (token: string, confirm: boolean, lang: PageLanguage) =>
    unsubscribePage({ db, productName }, tokens().verify(token), confirm, `/api/unsubscribe/${token}${lang === 'en' ? '?lang=en' : ''}`, lang);

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
        schema: { tags: ['mail'], params: Params, querystring: PageQuery, response: { 200: UnsubscribePageAnswer, '4xx': UnsubscribePageAnswer } },
        handler: async (request, reply) => {
          const lang = request.query.lang?.toLowerCase().startsWith('en') ? 'en' : 'fr';
          const [status, content] = await answer(request.params.token, method === 'POST', lang);
          return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(content);
        },
      });
    }
  });
}
