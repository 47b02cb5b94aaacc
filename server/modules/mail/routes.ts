import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import type { Row } from '../../db/db';
import { currentUser, type AuthUser } from '../../shared/auth';
import { badRequest, conflict, HttpError } from '../../shared/errors';
import { findOwnedItem, listCollection, scopeQuery, collectionQuerySchema } from '../../shared/hydra';
import { deliveryResource, type DeliveryRow } from '../deliveries/resource';
import { grpResource } from '../lists/resource';
import { contentOf, hasBody } from './content';
import { copy } from './copy';
import { composeMessage, sendMessageId, senderDomain } from './message';
import { compileContent } from './render';
import { changeStatus, createSend, reschedule, sendResource, withProgress } from './sends';
import {
  PreviewBody,
  ScheduleBody,
  SendActionParams,
  SendEmailBody,
  SendParams,
  SendPatch,
  TestSendBody,
} from './schemas';
import { Scheduler } from './scheduler';
import { saveSchedule, scheduleResource, stopSchedule } from './schedules';
import { zonedInstant } from './occurrences';
import { createMailTransport } from './transport';
import { loadLinkSecret, registerUnsubscribeRoutes, unsubscribeTokens, type UnsubscribeTokens } from './unsubscribe';
import { bounceAddress, startBounceReceiver, type BounceReceiver } from './receiver';
import { mailTokens, type MailTokens, type RecipientRef } from './tokens';
import { registerTrackingRoutes, trackingPaths } from './trackingRoutes';
import { registerBounceWebhooks } from './webhooks';
import { outcomesCsv, reportOf } from './report';
import type { Tracker } from './tracking';
import { classify, SendWorker } from './worker';

const TAGS = ['mail'];

/**
 * The address recipients reach the server at: PUBLIC_URL, else where it listens (known once
 * it listens; until then, the configured port on localhost).
 */
function publicBaseUrl(app: FastifyInstance, configured: string | null, port: number): () => string {
  let listening: string | null = configured;
  return () => {
    if (listening) return listening;
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return `http://localhost:${port}`;
    const host = ['0.0.0.0', '::'].includes(address.address)
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    listening = `http://${host}:${address.port}`;
    return listening;
  };
}

/** A delivery the caller may send: 404 unknown, 403 someone else's, 409 deleted. */
async function sendableDelivery(context: ModuleContext, id: number, user: AuthUser): Promise<DeliveryRow> {
  const delivery = await findOwnedItem<DeliveryRow>(context.db, deliveryResource, id, user);
  if (delivery.actif === 0) throw conflict('Ce modèle est supprimé : il ne peut plus être envoyé.', 'delId');
  return delivery;
}

/** An instant with its offset, or a wall-clock time in TIMEZONE; a date that does not exist is a 400. */
function instantOfWith(timezone: string, value: string, field: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  const invalid = () => badRequest(field, `La date '${value}' n'existe pas.`);
  if (!match) throw invalid();
  const [, year, month, day, hour, minute] = match.map(Number);
  const calendar = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (calendar.getUTCDate() !== day || calendar.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) throw invalid();
  if (match[7]) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) throw invalid();
    return instant;
  }
  return zonedInstant({ year, month, day, hour, minute }, timezone);
}

/** The sample contact of previews and test sends. */
const sampleContact = (email: string) => ({ email, firstname: copy.previewFirstname, lastname: copy.previewLastname });

/** Sending (DESIGN.md §4): the send queue and its worker, test sends, previews, unsubscribe links. */
export const mailRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { config, db, authenticate } = context;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const instantOf = (value: string, field: string) => instantOfWith(config.timezone, value, field);
  /** A planned time: not in the past (a minute's grace for the clocks of client and server). */
  const futureInstant = (value: string, field: string) => {
    const instant = instantOf(value, field);
    if (instant.getTime() < Date.now() - 60_000) throw badRequest(field, `La date '${value}' est passée.`);
    return instant.toISOString();
  };
  const transport = createMailTransport(config);
  const from = config.mail.from;
  const domain = senderDomain(from);
  let tokens: UnsubscribeTokens | null = null;
  let signed: MailTokens | null = null;
  const linkTokens = () => {
    if (!tokens) throw new Error('unsubscribe tokens used before the app is ready');
    return tokens;
  };
  const recipientTokens = () => {
    if (!signed) throw new Error('mail tokens used before the app is ready');
    return signed;
  };
  const baseUrl = publicBaseUrl(app, config.publicUrl, config.port);
  const unsubscribeUrl = (contactId: number | null) => `${baseUrl()}/api/unsubscribe/${linkTokens().sign(contactId)}`;
  const { bounce } = config;
  const tracker = (ref: RecipientRef, unsubscribe: string): Tracker => ({
    click: (url) => `${baseUrl()}${trackingPaths.click(recipientTokens().click.sign(ref, url))}`,
    openUrl: `${baseUrl()}${trackingPaths.open(recipientTokens().open.sign(ref))}`,
    unsubscribeUrl: unsubscribe,
  });
  let receiver: BounceReceiver | null = null;

  const worker = config.mail.worker
    ? new SendWorker({
        db,
        transport,
        settings: config.mail,
        log: app.log,
        compose: (content, job) => {
          const unsubscribe = unsubscribeUrl(job.contactId);
          return composeMessage(content, job, {
            from,
            messageId: sendMessageId(job.sendId, job.contactId, domain),
            unsubscribeUrl: unsubscribe,
            returnPath: bounce.domain ? bounceAddress(recipientTokens(), job, bounce.domain) : undefined,
            tracker: content.tracking ? tracker(job, unsubscribe) : undefined,
          });
        },
      })
    : null;

  const scheduler = config.mail.worker
    ? new Scheduler({ db, everyMs: Math.max(config.mail.pollMs, 200), log: app.log, started: () => worker?.wake() })
    : null;

  app.addHook('onReady', async () => {
    const secret = await loadLinkSecret(db);
    tokens = unsubscribeTokens(secret);
    signed = mailTokens(secret);
    if (bounce.domain) {
      receiver = await startBounceReceiver({
        db,
        domain: bounce.domain,
        host: bounce.smtpHost,
        port: bounce.smtpPort,
        softLimit: bounce.softLimit,
        tokens: recipientTokens,
        log: app.log,
      });
    }
    await worker?.start({ exclusive: db.kind === 'pglite' });
    scheduler?.start();
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await worker?.stop();
    await receiver?.close();
    transport.close();
  });

  registerUnsubscribeRoutes(app, { db, productName: config.productName, tokens: linkTokens });
  registerTrackingRoutes(app, { db, tokens: recipientTokens, rateLimit: config.publicReadRateLimit });
  registerBounceWebhooks(app, { db, secret: bounce.webhookSecret, softLimit: bounce.softLimit, log: app.log });

  typed.post(
    '/api/sendEmail',
    { onRequest: authenticate, schema: { tags: TAGS, body: SendEmailBody } },
    async (request, reply) => {
      const user = currentUser(request);
      const { delId, listId, sendAt } = request.body;
      const plannedAt = sendAt === undefined ? undefined : futureInstant(sendAt, 'sendAt');
      const delivery = await sendableDelivery(context, delId, user);
      const list = await findOwnedItem(db, grpResource, listId, user);
      if (list.actif === 0) throw conflict('Cette liste est supprimée : elle ne peut plus recevoir d’envoi.', 'listId');
      const content = contentOf(delivery);
      if (!hasBody(content)) throw conflict("Ce modèle n'a aucun contenu à envoyer.", 'delId');
      compileContent(content);
      const send = await createSend(db, {
        deliveryId: delivery.id,
        listId,
        // A send to a list is its owner's: it shows among the list's sends.
        userId: Number(list.user),
        version: delivery.version,
        label: delivery.label || delivery.internalname,
        listSubject: String(list.subject),
        content,
      }, { sendAt: plannedAt });
      if (!send) throw conflict('Cet envoi existe déjà.', 'delId');
      if (send.status === 'running') worker?.wake();
      return reply.code(202).send({ '@id': `/api/sends/${send.id}`, '@type': 'Send', ...send });
    },
  );

  typed.get(
    '/api/sends',
    { onRequest: authenticate, schema: { tags: TAGS, querystring: collectionQuerySchema(sendResource) } },
    async (request) => {
      const collection = await listCollection(
        db,
        sendResource,
        scopeQuery(sendResource, request.query, currentUser(request)),
        '/api/sends',
      );
      return { ...collection, 'hydra:member': await withProgress(db, collection['hydra:member']) };
    },
  );

  /** A send with its progress and failures: 404 unknown, 403 someone else's. */
  const sendView = async (id: number, user: AuthUser) => {
    const [view] = await withProgress(db, [await findOwnedItem<Row>(db, sendResource, id, user)], true);
    return view;
  };

  typed.get(
    '/api/sends/:id',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams } },
    async (request) => sendView(request.params.id, currentUser(request)),
  );

  typed.patch(
    '/api/sends/:id',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams, body: SendPatch } },
    async (request) => {
      const { id } = request.params;
      const user = currentUser(request);
      await findOwnedItem(db, sendResource, id, user);
      await reschedule(db, id, futureInstant(request.body.sendAt, 'sendAt'));
      return sendView(id, user);
    },
  );

  typed.get(
    '/api/schedules',
    { onRequest: authenticate, schema: { tags: TAGS, querystring: collectionQuerySchema(scheduleResource) } },
    async (request) =>
      listCollection(db, scheduleResource, scopeQuery(scheduleResource, request.query, currentUser(request)), '/api/schedules'),
  );

  typed.post(
    '/api/schedules',
    { onRequest: authenticate, schema: { tags: TAGS, body: ScheduleBody } },
    async (request, reply) => {
      const user = currentUser(request);
      const { delId, listId, frequency, firstAt } = request.body;
      const delivery = await sendableDelivery(context, delId, user);
      const list = await findOwnedItem(db, grpResource, listId, user);
      if (list.actif === 0) throw conflict('Cette liste est supprimée : elle ne peut plus recevoir d’envoi.', 'listId');
      const first = instantOf(firstAt, 'firstAt');
      if (frequency === 'unique' && first.getTime() <= Date.now()) {
        throw badRequest('firstAt', "La date d'un envoi unique doit être à venir.");
      }
      const id = await saveSchedule(db, {
        deliveryId: delivery.id,
        listId,
        userId: Number(list.user),
        frequency,
        firstAt: first,
        timezone: config.timezone,
      });
      return reply.code(201).send(await findOwnedItem(db, scheduleResource, id, user));
    },
  );

  typed.delete(
    '/api/schedules/:id',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams } },
    async (request, reply) => {
      const schedule = await findOwnedItem<Row>(db, scheduleResource, request.params.id, currentUser(request));
      await stopSchedule(db, Number(schedule.delivery));
      return reply.code(204).send();
    },
  );

  typed.get(
    '/api/sends/:id/report',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams } },
    async (request) => {
      const view = await sendView(request.params.id, currentUser(request));
      return { ...view, ...(await reportOf(db, request.params.id)) };
    },
  );

  typed.get(
    '/api/sends/:id/outcomes.csv',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams } },
    async (request, reply) => {
      const { id } = request.params;
      await findOwnedItem(db, sendResource, id, currentUser(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="envoi-${id}.csv"`)
        .send(outcomesCsv(db, id));
    },
  );

  typed.post(
    '/api/sends/:id/:action',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendActionParams } },
    async (request) => {
      const { id, action } = request.params;
      const user = currentUser(request);
      await findOwnedItem(db, sendResource, id, user);
      await changeStatus(db, id, action);
      if (action === 'resume') worker?.wake();
      return sendView(id, user);
    },
  );

  typed.post(
    '/api/email/encoded',
    { onRequest: authenticate, schema: { tags: TAGS, body: TestSendBody } },
    async (request) => {
      const user = currentUser(request);
      const { email, delId, ...given } = request.body;
      const saved = delId === undefined ? {} : await sendableDelivery(context, delId, user);
      const content = contentOf({ ...saved, ...given });
      if (!hasBody(content)) throw badRequest('codeHtml', 'Le BAT n’a aucun contenu : ni HTML, ni texte, ni AMP.');
      const messageId = `<bat-${randomUUID()}@${domain}>`;
      const message = composeMessage(compileContent(content), sampleContact(email), {
        from,
        messageId,
        unsubscribeUrl: unsubscribeUrl(null),
        subjectPrefix: copy.testSubjectPrefix,
      });
      try {
        await transport.send(message);
      } catch (error) {
        const reason = (error as Error).message;
        throw classify(error) === 'failed'
          ? new HttpError(502, `Le serveur d'envoi a refusé le message : ${reason}`)
          : new HttpError(503, `Le serveur d'envoi est indisponible : ${reason}`);
      }
      return { messageId, email };
    },
  );

  typed.post(
    '/api/email/preview',
    { onRequest: authenticate, schema: { tags: TAGS, body: PreviewBody } },
    async (request) => {
      const user = currentUser(request);
      const content = contentOf(request.body);
      const compiled = compileContent(content);
      const message = composeMessage(compiled, sampleContact(user.email), {
        from,
        messageId: '<preview@localhost>',
        unsubscribeUrl: unsubscribeUrl(null),
      });
      return {
        subject: message.subject,
        html: message.html ?? '',
        text: message.text ?? '',
        amp: message.amp ?? '',
        missing: compiled.missing,
      };
    },
  );
};
