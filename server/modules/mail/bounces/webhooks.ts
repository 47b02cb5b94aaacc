import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../../db/db';
import { badRequest, HttpError } from '../../../shared/errors';
import { recipientsOf, recordBounces, recordComplaints, type BounceKind } from './bounces';

/** Bounces read and recorded together: a 20,000-event SendGrid post takes a few such batches. */
const WEBHOOK_BATCH = 5000;
import { Answer } from '../../../shared/schemas';

/**
 * One bounce a service reports, or a complaint (the recipient marked the message as spam: its
 * address goes on the owner's suppression list): the address, and our Message-ID when the
 * service gives it back.
 */
interface ServiceBounce {
  email: string;
  messageId?: string;
  kind: BounceKind | 'complaint';
  status: string;
  diagnostic: string;
}

/** A complaint about `email`, as the services' parsers answer it. */
const complaint = (email: string, messageId: string | undefined, diagnostic: string): ServiceBounce => ({
  email,
  messageId,
  kind: 'complaint',
  status: '',
  diagnostic,
});

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A string field as stored: NUL characters (which PostgreSQL text refuses) out, its length bounded. */
const str = (value: unknown, max = 1000) => (typeof value === 'string' ? value.split('\u0000').join('').slice(0, max) : '');
const objectIn = (value: unknown): Json => (isObject(value) ? value : {});
const ENHANCED = /\b[245]\.\d{1,3}\.\d{1,3}\b/;
const statusIn = (text: string, fallback: string) => ENHANCED.exec(text)?.[0] ?? fallback;

/**
 * Amazon SES through SNS (JSON, or text/plain as SNS posts it): a Notification whose Message is
 * SES's JSON bounce (or complaint) notification.
 */
function fromSes(body: Json): ServiceBounce[] {
  if (body.Type !== 'Notification') return [];
  let message: unknown;
  try {
    message = typeof body.Message === 'string' ? JSON.parse(body.Message) : body.Message;
  } catch {
    throw badRequest('Message', 'Le champ Message n’est pas du JSON.');
  }
  if (!isObject(message)) throw badRequest('Message', 'Le champ Message doit être un objet JSON (notification SES).');
  const type = str(message.notificationType ?? message.eventType);
  const mail = objectIn(message.mail);
  const messageId = str(objectIn(mail.commonHeaders).messageId) || undefined;
  if (type === 'Complaint') {
    const about = objectIn(message.complaint);
    const complained = Array.isArray(about.complainedRecipients) ? about.complainedRecipients.filter(isObject) : [];
    return complained.map((recipient) => complaint(str(recipient.emailAddress, 254), messageId, str(about.complaintFeedbackType) || 'complaint'));
  }
  if (type !== 'Bounce') return [];
  const bounce = objectIn(message.bounce);
  const permanent = bounce.bounceType === 'Permanent';
  const recipients = Array.isArray(bounce.bouncedRecipients) ? bounce.bouncedRecipients.filter(isObject) : [];
  return recipients.map((recipient) => {
    const diagnostic = str(recipient.diagnosticCode).replace(/^smtp;\s*/i, '') || `${str(bounce.bounceType)} ${str(bounce.bounceSubType)}`.trim();
    return {
      email: str(recipient.emailAddress, 254),
      messageId,
      kind: permanent ? 'hard' : 'soft',
      status: str(recipient.status, 20) || statusIn(diagnostic, permanent ? '5.0.0' : '4.0.0'),
      diagnostic,
    };
  });
}

/** SendGrid's Event Webhook: an array of events; bounces (bounce or blocked), deferrals and spam reports count. */
function fromSendGrid(body: unknown): ServiceBounce[] {
  if (!Array.isArray(body)) throw badRequest('body', 'SendGrid envoie un tableau d’événements.');
  return body.filter(isObject).flatMap((event): ServiceBounce[] => {
    if (event.event === 'spamreport') return [complaint(str(event.email, 254), str(event['smtp-id']) || undefined, 'spamreport')];
    const kind = event.event === 'bounce' ? (event.type === 'blocked' ? 'soft' : 'hard') : event.event === 'deferred' ? 'soft' : null;
    if (!kind) return [];
    const diagnostic = str(event.reason) || str(event.response);
    return [{
      email: str(event.email, 254),
      messageId: str(event['smtp-id']) || undefined,
      kind,
      status: str(event.status, 20) || statusIn(diagnostic, kind === 'hard' ? '5.0.0' : '4.0.0'),
      diagnostic,
    }];
  });
}

const POSTMARK_HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated', 'SpamNotification', 'Blocked']);
const POSTMARK_SOFT = new Set(['SoftBounce', 'Transient', 'DnsError', 'MailFrontier', 'ChallengeVerification']);

/** Postmark's bounce and spam complaint webhooks: one event a request. */
function fromPostmark(body: Json): ServiceBounce[] {
  if (!isObject(body)) throw badRequest('body', 'Postmark envoie un objet JSON par rejet.');
  const type = str(body.Type);
  if (body.RecordType === 'SpamComplaint' || (body.RecordType === undefined && type === 'SpamComplaint')) {
    const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(str(body.Content))?.[1];
    return [complaint(str(body.Email, 254), messageId, str(body.Description) || 'SpamComplaint')];
  }
  if (body.RecordType !== undefined && body.RecordType !== 'Bounce') return [];
  const kind = POSTMARK_HARD.has(type) ? 'hard' : POSTMARK_SOFT.has(type) ? 'soft' : null;
  if (!kind) return [];
  const diagnostic = str(body.Details).replace(/^smtp;\s*/i, '') || str(body.Description);
  const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(str(body.Content))?.[1];
  return [{ email: str(body.Email, 254), messageId, kind, status: statusIn(diagnostic, kind === 'hard' ? '5.0.0' : '4.0.0'), diagnostic }];
}

/** Ours, for any other service or relay (README): `{bounces: [{email, type: hard|soft|complaint, status?, reason?, messageId?}]}`. */
function fromGeneric(body: Json): ServiceBounce[] {
  const items = isObject(body) && Array.isArray(body.bounces) ? (body.bounces as unknown[]) : null;
  if (!items) throw badRequest('bounces', 'Le champ bounces doit être un tableau.');
  return items.map((item, index) => {
    if (!isObject(item)) throw badRequest(`bounces/${index}`, 'Un rejet est un objet {email, type}.');
    if (item.type !== 'hard' && item.type !== 'soft' && item.type !== 'complaint') {
      throw badRequest(`bounces/${index}/type`, "Le type d'un rejet est 'hard', 'soft' ou 'complaint' (une plainte).");
    }
    if (!str(item.email).includes('@')) throw badRequest(`bounces/${index}/email`, "L'adresse du rejet est manquante.");
    const diagnostic = str(item.reason);
    if (item.type === 'complaint') return complaint(str(item.email, 254), str(item.messageId) || undefined, diagnostic || 'complaint');
    return {
      email: str(item.email, 254),
      messageId: str(item.messageId) || undefined,
      kind: item.type,
      status: str(item.status, 20) || statusIn(diagnostic, item.type === 'hard' ? '5.0.0' : '4.0.0'),
      diagnostic,
    };
  });
}

const SERVICES = { ses: fromSes, sendgrid: fromSendGrid, postmark: fromPostmark, generic: fromGeneric } as const;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The secret as each service can present it: a bearer token, basic auth's password (SNS, Postmark, SendGrid URLs), or `?token=`. */
function presented(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  if (/^Bearer /i.test(header)) return header.slice(7).trim();
  if (/^Basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1);
  }
  return str((request.query as Json | undefined)?.token);
}

const Params = Type.Object({ service: Type.Union(Object.keys(SERVICES).map((name) => Type.Literal(name))) });

/**
 * Bounces and complaints reported by e-mail services, under /api/bounces/{service}: bounces
 * mapped to the same bounce records as the receiver's, complaints to the suppression list of
 * the send's owner. Each request must present BOUNCE_WEBHOOK_SECRET; unset, the webhooks
 * answer 503. Answers how many reports (bounces and complaints) it recorded and how many it
 * could not place.
 */
const BouncesAnswer = Answer({ recorded: Type.Integer(), unknown: Type.Integer() });

export function registerBounceWebhooks(
  app: FastifyInstance,
  { db, secret, softLimit, log }: { db: Db; secret: string | null; softLimit: number; log: FastifyInstance['log'] },
): void {
  // A scope of its own: Amazon SNS posts its JSON as text/plain, which no other route reads.
  app.register(async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    registerWebhookRoute(scope, { db, secret, softLimit, log });
  });
}

function registerWebhookRoute(
  app: FastifyInstance,
  { db, secret, softLimit, log }: { db: Db; secret: string | null; softLimit: number; log: FastifyInstance['log'] },
): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.post(
    '/api/bounces/:service',
    {
      schema: { tags: ['mail'], params: Params, response: { 200: BouncesAnswer } },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      if (!secret) throw new HttpError(503, 'Les webhooks de rejets ne sont pas configurés (BOUNCE_WEBHOOK_SECRET).');
      if (!same(presented(request), secret)) throw new HttpError(401, 'Secret du webhook invalide.');
      const service = request.params.service as keyof typeof SERVICES;
      let body = request.body as unknown;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          throw badRequest('body', 'Le corps doit être du JSON.');
        }
      }
      if (body === null || typeof body !== 'object') throw badRequest('body', 'Le corps doit être un objet JSON.');
      if (service === 'ses' && (body as Json).Type === 'SubscriptionConfirmation') {
        // Confirming is an operator's step: the address to visit is logged (fetching any URL a request names is not ours to do).
        log.warn({ subscribeUrl: str((body as Json).SubscribeURL) }, 'SNS subscription to confirm');
        return { recorded: 0, unknown: 0 };
      }
      const bounces = (SERVICES[service] as (body: never) => ServiceBounce[])(body as never).filter((bounce) => bounce.email.includes('@'));
      // The whole batch in a few statements (services batch thousands of events and retry an
      // answer that is slow): its recipients in one, its bounces in one transaction, its
      // complaints in one statement.
      let recorded = 0;
      for (let start = 0; start < bounces.length; start += WEBHOOK_BATCH) {
        const batch = bounces.slice(start, start + WEBHOOK_BATCH);
        const refs = await recipientsOf(
          db,
          batch.map((bounce) => ({ email: bounce.email, messageId: bounce.messageId })),
        );
        const placed = batch.flatMap((bounce, i) => {
          const ref = refs[i];
          if (!ref || bounce.kind === 'complaint') return [];
          const { sendId, contactId } = ref;
          return [{ ref: { sendId, contactId }, report: { kind: bounce.kind, status: bounce.status, diagnostic: bounce.diagnostic, source: service } }];
        });
        const complaints = batch.flatMap((bounce, i) => {
          const ref = refs[i];
          return bounce.kind === 'complaint' && ref ? [ref] : [];
        });
        recorded += await recordBounces(db, placed, softLimit);
        recorded += await recordComplaints(db, complaints);
      }
      return { recorded, unknown: bounces.length - recorded };
    },
  );
}
