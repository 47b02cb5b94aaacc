import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../../db/db';
import { ErrorAnswer } from '../../../shared/openapi';
import { Answer } from '../../../shared/schemas';
import { mailContacts } from '../contacts';
import type { RatingTokens } from './tokens';

/** The three criteria as a form names them, and as ratings store them. */
const CRITERIA = { objectivite: 'Objectivité', information: 'Information', motivation: 'Motivation' } as const;
export type AmpCriterion = (typeof CRITERIA)[keyof typeof CRITERIA];

/** A rating posted from an AMP form, its person resolved: a digest's visitor, or a contact's address. */
export interface AmpRating {
  videoId: string;
  /** The visitor of a digest: the rating becomes theirs. */
  visitorId?: number;
  /** A list contact's address: the rating is kept against it (the visitor's once they sign up with it). */
  email?: string;
  ratings: Partial<Record<AmpCriterion, number>>;
}

/** Where ratings posted from the inbox go (the ratings module, registered from server/modules/index.ts). */
export type AmpRatingSink = (db: Queryable, rating: AmpRating) => Promise<boolean>;

let sink: AmpRatingSink | null = null;

export function registerAmpRatingSink(save: AmpRatingSink): void {
  sink = save;
}

/** The address of a From header (`Name <a@b>` or `a@b`), lowercased. */
export const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim().toLowerCase();

/** Reads a urlencoded or multipart/form-data body's plain fields (an AMP form posts the latter). */
export function formFields(body: string, contentType: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (/^multipart\/form-data/i.test(contentType) && boundary) {
    for (const part of body.split(`--${boundary[1] ?? boundary[2]}`)) {
      const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(part)?.[1];
      const at = part.indexOf('\r\n\r\n');
      if (name && at >= 0) fields[name] = part.slice(at + 4).replace(/\r\n$/, '');
    }
    return fields;
  }
  for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
  return fields;
}

const NotesAnswer = Answer({
  message: Type.String({ description: "'Succès!'" }),
  videoId: Type.String(),
  ratings: Type.Record(Type.String(), Type.Integer()),
});

const NotesQuery = Type.Object({ __amp_source_origin: Type.Optional(Type.String({ maxLength: 320 })) });

/**
 * `POST /api/amp/notes`: a rating from an AMP form (issue 40), with AMP for Email's CORS rules:
 * the product's own sender (MAIL_FROM) only — `AMP-Email-Sender` answered with
 * `AMP-Email-Allow-Sender`, or the older `__amp_source_origin` with its
 * `AMP-Access-Control-Allow-Source-Origin` — any other sender is a 403 with no allowing header.
 * The token names the person and the video; it is refused when forged, for another video, or
 * expired. One rating per person and video: the latest wins.
 */
export function registerAmpNotesRoutes(
  app: FastifyInstance,
  { db, from, tokens, rateLimit }: { db: Queryable; from: string; tokens: () => RatingTokens; rateLimit: number },
): void {
  const sender = addressOf(from);
  app.register(async (scope) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 10_000 }, (request, body, done) =>
        done(null, formFields(String(body), String(request.headers['content-type'] ?? ''))),
      );
    }
    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
    const refuse = (reply: FastifyReply, status: number, message: string, field?: string) =>
      reply.code(status).send({ statusCode: status, error: status === 403 ? 'Forbidden' : 'Bad Request', message, ...(field ? { field } : {}) });

    /** AMP for Email's CORS: answers whether the request comes from the product's sender, the allowing headers set. */
    const allowed = (request: FastifyRequest<{ Querystring: { __amp_source_origin?: string } }>, reply: FastifyReply): boolean => {
      const named = request.headers['amp-email-sender'];
      const source = request.query.__amp_source_origin;
      if (source !== undefined && source.trim().toLowerCase() !== sender) return false;
      if (typeof named === 'string') {
        if (named.trim().toLowerCase() !== sender) return false;
        reply.header('AMP-Email-Allow-Sender', named.trim());
        return true;
      }
      if (source === undefined) return false;
      const origin = request.headers.origin;
      if (typeof origin === 'string') reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Allow-Credentials', 'true');
      reply.header('AMP-Access-Control-Allow-Source-Origin', source).header('Access-Control-Expose-Headers', 'AMP-Access-Control-Allow-Source-Origin');
      return true;
    };

    typed.post(
      '/api/amp/notes',
      {
        config: { rateLimit: { max: rateLimit, timeWindow: '1 minute' } },
        schema: {
          tags: ['mail'],
          querystring: NotesQuery,
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
          body: Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), { maxProperties: 20 }),
          response: { 200: NotesAnswer, '4xx': Type.Ref(ErrorAnswer) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (!allowed(request, reply)) return refuse(reply, 403, "Cet envoi ne vient pas de l'expéditeur du produit.");
        const fields = (request.body ?? {}) as Record<string, unknown>;
        const claims = tokens().verify(String(fields.token ?? ''));
        if (!claims) return refuse(reply, 403, "Le champ 'token' est invalide ou a expiré.", 'token');
        const ratings: Partial<Record<AmpCriterion, number>> = {};
        for (const [field, label] of Object.entries(CRITERIA)) {
          const value = fields[field];
          if (value === undefined || value === null || value === '') continue;
          const rating = Number(value);
          if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
            return refuse(reply, 400, `Le champ '${field}' est une note de 1 à 5.`, field);
          }
          ratings[label] = rating;
        }
        if (Object.keys(ratings).length === 0) return refuse(reply, 400, "Le champ 'objectivite' (ou 'information', 'motivation') est requis : une note de 1 à 5.", 'objectivite');
        let person: Pick<AmpRating, 'email' | 'visitorId'>;
        if (claims.who === 'v') person = { visitorId: claims.id };
        else {
          const contact = await mailContacts().findContactWithList(db, claims.id);
          if (!contact) return refuse(reply, 403, "Le champ 'token' est invalide ou a expiré.", 'token');
          person = { email: contact.email };
        }
        if (!sink || !(await sink(db, { videoId: claims.videoId, ratings, ...person }))) {
          return refuse(reply, 403, "Le champ 'token' est invalide ou a expiré.", 'token');
        }
        const answered: Record<string, number> = {};
        for (const [field, label] of Object.entries(CRITERIA)) if (ratings[label] !== undefined) answered[field] = ratings[label]!;
        return { message: 'Succès!', videoId: claims.videoId, ratings: answered };
      },
    );
  });
}
