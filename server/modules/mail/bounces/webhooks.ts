import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../../db/db';
import { badRequest, HttpError } from '../../../shared/errors';
import { recordBounce, type BounceKind } from './bounces';
import { Answer } from '../../../shared/schemas';
import type { RecipientRef } from '../tracking';

/** One bounce a service reports: the address, and our Message-ID when the service gives it back. */
interface ServiceBounce {
  email: string;
  messageId?: string;
  kind: BounceKind;
  status: string;
  diagnostic: string;
}

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const ENHANCED = /\b[245]\.\d{1,3}\.\d{1,3}\b/;
const statusIn = (text: string, fallback: string) => ENHANCED.exec(text)?.[0] ?? fallback;

/** Amazon SES through SNS: a Notification whose Message is SES's JSON bounce notification. */
function fromSes(body: Json): ServiceBounce[] {
  if (body.Type !== 'Notification') return [];
  let message: Json;
  try {
    message = JSON.parse(str(body.Message)) as Json;
  } catch {
    throw badRequest('Message', 'Le champ Message n’est pas du JSON.');
  }
  const type = str(message.notificationType ?? message.eventType);
  if (type !== 'Bounce') return [];
  const bounce = (message.bounce ?? {}) as Json;
  const mail = (message.mail ?? {}) as Json;
  const messageId = str(((mail.commonHeaders ?? {}) as Json).messageId) || undefined;
  const permanent = bounce.bounceType === 'Permanent';
  const recipients = Array.isArray(bounce.bouncedRecipients) ? (bounce.bouncedRecipients as Json[]) : [];
  return recipients.map((recipient) => {
    const diagnostic = str(recipient.diagnosticCode).replace(/^smtp;\s*/i, '') || `${str(bounce.bounceType)} ${str(bounce.bounceSubType)}`.trim();
    return {
      email: str(recipient.emailAddress),
      messageId,
      kind: permanent ? 'hard' : 'soft',
      status: str(recipient.status) || statusIn(diagnostic, permanent ? '5.0.0' : '4.0.0'),
      diagnostic,
    };
  });
}

/** SendGrid's Event Webhook: an array of events; bounces (bounce or blocked) and deferrals count. */
function fromSendGrid(body: unknown): ServiceBounce[] {
  if (!Array.isArray(body)) throw badRequest('body', 'SendGrid envoie un tableau d’événements.');
  return (body as Json[]).flatMap((event): ServiceBounce[] => {
    const kind = event.event === 'bounce' ? (event.type === 'blocked' ? 'soft' : 'hard') : event.event === 'deferred' ? 'soft' : null;
    if (!kind) return [];
    const diagnostic = str(event.reason) || str(event.response);
    return [{
      email: str(event.email),
      messageId: str(event['smtp-id']) || undefined,
      kind,
      status: str(event.status) || statusIn(diagnostic, kind === 'hard' ? '5.0.0' : '4.0.0'),
      diagnostic,
    }];
  });
}

const POSTMARK_HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated', 'SpamNotification', 'Blocked']);
const POSTMARK_SOFT = new Set(['SoftBounce', 'Transient', 'DnsError', 'MailFrontier', 'ChallengeVerification']);

/** Postmark's bounce webhook: one bounce a request. */
function fromPostmark(body: Json): ServiceBounce[] {
  if (body.RecordType !== undefined && body.RecordType !== 'Bounce') return [];
  const type = str(body.Type);
  const kind = POSTMARK_HARD.has(type) ? 'hard' : POSTMARK_SOFT.has(type) ? 'soft' : null;
  if (!kind) return [];
  const diagnostic = str(body.Details).replace(/^smtp;\s*/i, '') || str(body.Description);
  const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(str(body.Content))?.[1];
  return [{ email: str(body.Email), messageId, kind, status: statusIn(diagnostic, kind === 'hard' ? '5.0.0' : '4.0.0'), diagnostic }];
}

/** Ours, for any other service or relay (README): `{bounces: [{email, type: hard|soft, status?, reason?, messageId?}]}`. */
function fromGeneric(body: Json): ServiceBounce[] {
  const items = Array.isArray(body.bounces) ? (body.bounces as Json[]) : null;
  if (!items) throw badRequest('bounces', 'Le champ bounces doit être un tableau.');
  return items.map((item, index) => {
    if (item.type !== 'hard' && item.type !== 'soft') {
      throw badRequest(`bounces/${index}/type`, "Le type d'un rejet est 'hard' ou 'soft'.");
    }
    if (!str(item.email).includes('@')) throw badRequest(`bounces/${index}/email`, "L'adresse du rejet est manquante.");
    const diagnostic = str(item.reason);
    return {
      email: str(item.email),
      messageId: str(item.messageId) || undefined,
      kind: item.type,
      status: str(item.status) || statusIn(diagnostic, item.type === 'hard' ? '5.0.0' : '4.0.0'),
      diagnostic,
    };
  });
}

const SERVICES = { ses: fromSes, sendgrid: fromSendGrid, postmark: fromPostmark, generic: fromGeneric } as const;

/** The recipient a bounce is about: our Message-ID names it; else the address's latest message. */
async function recipientOf(db: Db, bounce: ServiceBounce): Promise<RecipientRef | null> {
  const named = /<send-(\d{1,10})\.contact-(\d{1,10})(?:\.[0-9a-f]{16})?@/.exec(bounce.messageId ?? '');
  if (named) {
    const ref = { sendId: Number(named[1]), contactId: Number(named[2]) };
    // The address must be that contact's: a Message-ID alone does not move a bounce to someone else.
    const [contact] = await db.query<{ email: string }>('SELECT email FROM grp_rcp WHERE id = $1', [ref.contactId]);
    if (contact && contact.email.toLowerCase() === bounce.email.toLowerCase()) return ref;
  }
  const [latest] = await db.query<RecipientRef>(
    `SELECT r.send_id AS "sendId", r.contact_id AS "contactId" FROM grp_rcp c
     JOIN mail_recipient r ON r.contact_id = c.id AND r.status = 'sent'
     WHERE lower(c.email) = lower($1) ORDER BY r.sent_at DESC NULLS LAST, r.send_id DESC LIMIT 1`,
    [bounce.email],
  );
  return latest ?? null;
}

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
 * Bounces reported by e-mail services, under /api/bounces/{service}, mapped to the same bounce
 * records as the receiver's. Each request must present BOUNCE_WEBHOOK_SECRET; unset, the
 * webhooks answer 503. Answers how many bounces it recorded and how many it could not place.
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
      const bounces = (SERVICES[service] as (body: never) => ServiceBounce[])(body as never);
      let recorded = 0;
      let unknown = 0;
      for (const bounce of bounces) {
        const ref = await recipientOf(db, bounce);
        const outcome = ref && (await recordBounce(db, ref, { ...bounce, source: service }, softLimit));
        if (outcome) recorded += 1;
        else unknown += 1;
      }
      return { recorded, unknown };
    },
  );
}
