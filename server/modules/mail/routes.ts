import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import type { Row } from '../../db/db';
import { canSend, currentUser, isAdmin, type AuthUser } from '../../shared/auth';
import { DownloadLink, downloadLinks, downloadRefused } from '../../shared/downloadLinks';
import { badRequest, conflict, forbidden, HttpError } from '../../shared/errors';
import { ADMIN_ONLY } from '../../shared/access';
import { findOwnedItem, listCollection, scopeQuery, collectionQuerySchema } from '../../shared/hydra';
import { deliveryResource, recordDiffusion, type DeliveryRow } from '../deliveries';
import { mailContacts } from './contacts';
import { mailSegments } from './segments';
import { copy } from './copy';
import {
  ampFormsRefusal,
  compileContent,
  MESSAGE_VARIABLES,
  contentOf,
  newsletterUrl,
  domainReport,
  hasBody,
  sendableContent,
  senderDomain,
  signingOf,
  textOf,
  withHtmlLang,
  type MailComposer,
  type SendContent,
} from './compose';
import { outcomesCsv, reportOf } from './reports';
import { occurrencesOf, saveSchedule, scheduleResource, stopSchedule, zonedInstant } from './schedules';
import {
  DomainAnswer,
  CreatedSendAnswer,
  NoContentAnswer,
  OutcomesCsvAnswer,
  OutcomesLinkQuery,
  OutcomesQuery,
  PreviewAnswer,
  PreviewBody,
  ScheduleAnswer,
  ScheduleBody,
  ScheduleDetailAnswer,
  SchedulesAnswer,
  SendActionParams,
  SendAnswer,
  SendEmailBody,
  SendParams,
  SendPatch,
  SendReportAnswer,
  SendsAnswer,
  TestSendAnswer,
  TestSendBody,
  VariablesAnswer,
  NewsletterAnswer,
} from './schemas';
import { DEFAULT_CSV_SEPARATOR, type CsvSeparator } from '../../shared/csv';
import {
  changeStatus,
  claimPost,
  classify,
  createSend,
  postsOf,
  publicSend,
  recordPost,
  reschedule,
  sendResource,
  withProgress,
  withVideos,
  type MailTransport,
  type SendTarget,
} from './queue';
import { posterOf, type ChannelPoster } from './channels';

const TAGS = ['mail'];

/** The sends list shows the operators' sends: an automation step's sends are read through its automation. */
const listedSendResource = { ...sendResource, table: '(SELECT * FROM mail_send WHERE automation_step_id IS NULL) AS mail_send' };

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

export interface SendRoutesDeps {
  context: ModuleContext;
  transport: MailTransport;
  composer: MailComposer;
  /** New or resumed work for this process's worker, if it has one. */
  wake: () => void;
}

/** The back-office routes of sending (docs/architecture.md, «Sending mail»): sends, their reports, schedules, test sends, previews. */
export function registerSendRoutes(app: FastifyInstance, { context, transport, composer, wake }: SendRoutesDeps): void {
  const { config, db, authenticate } = context;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const instantOf = (value: string, field: string) => instantOfWith(config.timezone, value, field);
  /** How a send, a BAT or a preview decides its videos blocks' videos (the same way). */
  const videosOptions = (target: SendTarget | null) => ({ target, publicUrl: context.publicUrl(), timezone: config.timezone });
  /** The delivery and list a preview or a BAT shows the videos of: its saved list, or the list it names. */
  const previewTarget = (deliveryId: number | undefined, listId: number | undefined): SendTarget | null =>
    deliveryId !== undefined && listId !== undefined ? { deliveryId, listId } : null;
  /** A planned time: not in the past (a minute's grace for the clocks of client and server). */
  const futureInstant = (value: string, field: string) => {
    const instant = instantOf(value, field);
    if (instant.getTime() < Date.now() - 60_000) throw badRequest(field, `La date '${value}' est passée.`);
    return instant.toISOString();
  };

  /**
   * Where a send or a schedule goes: a list of the caller (`listId`), or a segment (`segmentId`,
   * issue 37) — one of the two; with the list it names (null: a segment over every list) and
   * the user it is sent for.
   */
  const targetOf = async (body: { listId?: number; segmentId?: number }, user: AuthUser) => {
    if ((body.listId === undefined) === (body.segmentId === undefined)) {
      throw badRequest(body.listId === undefined ? 'listId' : 'segmentId', copy.listOrSegment);
    }
    if (body.segmentId !== undefined) {
      const segment = await findOwnedItem(db, mailSegments().resource, body.segmentId, user);
      if (segment.grp !== null) {
        const [list] = await db.query<{ actif: number }>('SELECT actif FROM grp WHERE id = $1', [segment.grp]);
        if (list?.actif === 0) throw conflict('Cette liste est supprimée : elle ne peut plus recevoir d’envoi.', 'segmentId');
      }
      return { listId: segment.grp === null ? null : Number(segment.grp), segmentId: body.segmentId, userId: Number(segment.user), name: String(segment.name) };
    }
    const list = await findOwnedItem(db, mailContacts().listResource, Number(body.listId), user);
    if (list.actif === 0) throw conflict('Cette liste est supprimée : elle ne peut plus recevoir d’envoi.', 'listId');
    return { listId: Number(body.listId), segmentId: null, userId: Number(list.user), name: String(list.subject) };
  };

  typed.post(
    '/api/sendEmail',
    { onRequest: authenticate, schema: { tags: TAGS, body: SendEmailBody, response: { 202: CreatedSendAnswer } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { delId, sendAt } = request.body;
      const plannedAt = sendAt === undefined ? undefined : futureInstant(sendAt, 'sendAt');
      const delivery = await sendableDelivery(context, delId, user);
      const target = await targetOf(request.body, user);
      const drafted = contentOf(delivery);
      if (!hasBody(drafted)) throw conflict("Ce modèle n'a aucun contenu à envoyer.", 'delId');
      compileContent(drafted);
      // Its channel (Telegram, X) must be configured: said before anything is queued.
      const poster = posterOf(String(delivery.channel ?? 'email'));
      const refusal = poster?.refusal(config) ?? null;
      if (refusal) throw conflict(refusal, 'channel');
      const { content } = await withVideos(
        db,
        drafted,
        videosOptions({ deliveryId: delivery.id, listId: target.listId, segmentId: target.segmentId }),
      );
      const send = await createSend(db, {
        deliveryId: delivery.id,
        listId: target.listId,
        segmentId: target.segmentId,
        // A send to a list is its owner's: it shows among the list's sends.
        userId: target.userId,
        version: delivery.version,
        label: delivery.label || delivery.internalname,
        listSubject: target.name,
        content,
      }, { sendAt: plannedAt });
      if (!send) throw conflict('Cet envoi existe déjà.', 'delId');
      if (send.status === 'running') wake();
      if (poster && plannedAt === undefined) await postSend(poster, send.id, content);
      return reply.code(202).send({ '@id': `/api/sends/${send.id}`, '@type': 'Send', ...send });
    },
  );

  typed.get(
    '/api/sends',
    { onRequest: authenticate, schema: { tags: TAGS, querystring: collectionQuerySchema(sendResource), response: { 200: SendsAnswer } } },
    async (request) => {
      const collection = await listCollection(
        db,
        listedSendResource,
        scopeQuery(sendResource, request.query, currentUser(request)),
        '/api/sends',
      );
      return { ...collection, 'hydra:member': await withProgress(db, collection['hydra:member']) };
    },
  );

  /** The newsletter as its public page shows it: rendered for no one (the test unsubscribe link), its videos as sent. */
  const publicParts = (content: SendContent) =>
    compileContent(content).render({ email: '', firstname: '', lastname: '' }, `${context.publicUrl()}/api/unsubscribe/test`);

  /** Posts a send to its delivery's channel once, and keeps the answer in its report (docs/templates.md, «Channels»). */
  const postSend = async (poster: ChannelPoster, sendId: number, content: SendContent) => {
    if (!(await claimPost(db, sendId, poster.channel))) return;
    const parts = publicParts(content);
    const url = newsletterUrl(context.publicUrl(), sendId);
    const answer = await poster.post(config, { subject: parts.subject, text: parts.text || textOf(parts.html), url });
    await recordPost(db, sendId, poster.channel, answer);
  };

  typed.get(
    '/api/newsletters/:id',
    {
      config: { rateLimit: { max: config.publicReadRateLimit, timeWindow: '1 minute' } },
      schema: { tags: TAGS, params: SendParams, response: { 200: NewsletterAnswer } },
    },
    async (request) => {
      const send = await publicSend(db, request.params.id);
      if (!send) throw new HttpError(404, "Cette lettre n'existe pas ou n'est pas publique.");
      const parts = publicParts(send.content);
      return {
        id: send.id,
        subject: parts.subject || send.label,
        html: withHtmlLang(parts.html, send.content.lang || 'fr'),
        text: parts.text,
        sentAt: new Date(send.created).toISOString(),
        lang: send.content.lang || 'fr',
      };
    },
  );

  /** A send with its progress and failures: 404 unknown, 403 someone else's. */
  const sendView = async (id: number, user: AuthUser) => {
    const [view] = await withProgress(db, [await findOwnedItem<Row>(db, sendResource, id, user)], true);
    return view;
  };

  typed.get(
    '/api/sends/:id',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams, response: { 200: SendAnswer } } },
    async (request) => sendView(request.params.id, currentUser(request)),
  );

  typed.patch(
    '/api/sends/:id',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams, body: SendPatch, response: { 200: SendAnswer } } },
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
    { onRequest: authenticate, schema: { tags: TAGS, querystring: collectionQuerySchema(scheduleResource), response: { 200: SchedulesAnswer } } },
    async (request) =>
      // Spread: the response type wants a plain object type, not the HydraCollection interface.
      ({ ...(await listCollection(db, scheduleResource, scopeQuery(scheduleResource, request.query, currentUser(request)), '/api/schedules')) }),
  );

  typed.post(
    '/api/schedules',
    { onRequest: authenticate, schema: { tags: TAGS, body: ScheduleBody, response: { 201: ScheduleAnswer } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { delId, frequency, firstAt } = request.body;
      const delivery = await sendableDelivery(context, delId, user);
      const target = await targetOf(request.body, user);
      const first = instantOf(firstAt, 'firstAt');
      if (frequency === 'unique' && first.getTime() <= Date.now()) {
        throw badRequest('firstAt', "La date d'un envoi unique doit être à venir.");
      }
      // Diffusion's frequency and list are the plan's: saved with it, the editor reads them back as saved.
      const id = await saveSchedule(
        db,
        { deliveryId: delivery.id, listId: target.listId, segmentId: target.segmentId, userId: target.userId, frequency, firstAt: first, timezone: config.timezone },
        (tx) => recordDiffusion(tx, delivery.id, { frequence: frequency, ...(target.listId === null ? {} : { listId: target.listId }) }),
      );
      return reply.code(201).send(await findOwnedItem(db, scheduleResource, id, user));
    },
  );

  typed.get(
    '/api/schedules/:id',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams, response: { 200: ScheduleDetailAnswer } } },
    async (request) => {
      const schedule = await findOwnedItem(db, scheduleResource, request.params.id, currentUser(request));
      return { ...schedule, occurrences: await occurrencesOf(db, request.params.id) };
    },
  );

  typed.delete(
    '/api/schedules/:id',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams, response: { 204: NoContentAnswer } } },
    async (request, reply) => {
      const schedule = await findOwnedItem<Row>(db, scheduleResource, request.params.id, currentUser(request));
      // Stopped, the template is sent by hand only: its frequency reads 'Aucune'.
      await db.transaction(async (tx) => {
        await stopSchedule(tx, Number(schedule.delivery));
        await recordDiffusion(tx, Number(schedule.delivery), { frequence: '' });
      });
      return reply.code(204).send();
    },
  );

  typed.get(
    '/api/sends/:id/report',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams, response: { 200: SendReportAnswer } } },
    async (request) => {
      const view = await sendView(request.params.id, currentUser(request));
      return { ...view, ...(await reportOf(db, request.params.id)), posts: await postsOf(db, request.params.id) };
    },
  );

  // The outcomes of a big send are a big file: the console follows a link, which streams it to disk.
  const outcomeLinks = downloadLinks<{ user: number; send: number; separator?: CsvSeparator }>(context, 'send-outcomes');
  typed.get(
    '/api/sends/:id/outcomes.csv',
    {
      onRequest: outcomeLinks.authenticate,
      schema: { tags: TAGS, params: SendParams, querystring: OutcomesQuery, response: { 200: OutcomesCsvAnswer } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const claims = outcomeLinks.claimsOf(request);
      // The token names its send and separator: the link cannot be pointed at another.
      const separator = claims?.separator ?? request.query.separator ?? DEFAULT_CSV_SEPARATOR;
      if (claims && (claims.send !== id || (request.query.separator !== undefined && request.query.separator !== separator))) {
        throw downloadRefused();
      }
      // Ownership is checked again when the link is followed.
      await findOwnedItem(db, sendResource, id, currentUser(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="envoi-${id}.csv"`)
        .header('cache-control', 'no-store')
        .send(outcomesCsv(db, id, separator));
    },
  );

  typed.post(
    '/api/sends/:id/outcomes.csv/download',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendParams, querystring: OutcomesLinkQuery, response: { 201: DownloadLink } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      await findOwnedItem(db, sendResource, id, user);
      const separator = request.query.separator ?? DEFAULT_CSV_SEPARATOR;
      return reply.code(201).send(outcomeLinks.link(`/api/sends/${id}/outcomes.csv`, { user: user.id, send: id, separator }));
    },
  );

  typed.post(
    '/api/sends/:id/:action',
    { onRequest: authenticate, schema: { tags: TAGS, params: SendActionParams, response: { 200: SendAnswer } } },
    async (request) => {
      const { id, action } = request.params;
      const user = currentUser(request);
      await findOwnedItem(db, sendResource, id, user);
      await changeStatus(db, id, action);
      if (action === 'resume') wake();
      return sendView(id, user);
    },
  );

  typed.post(
    '/api/email/encoded',
    {
      onRequest: authenticate,
      schema: { tags: TAGS, body: TestSendBody, response: { 200: TestSendAnswer } },
      // A test send mails any HTML to any address: BAT_RATE_LIMIT an hour per user, whatever their address.
      config: {
        rateLimit: {
          hook: 'preHandler',
          max: config.batRateLimit,
          timeWindow: '1 hour',
          keyGenerator: (request) => `bat|${currentUser(request).id}`,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { email, delId, ...given } = request.body;
      // An éditeur tries a message on themself only (docs/decisions.md, «A team (issue 39)»).
      if (!canSend(user) && email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden("Votre rôle (éditeur) n'envoie de BAT qu'à votre propre adresse (champ 'email').");
      }
      const saved = delId === undefined ? {} : await sendableDelivery(context, delId, user);
      // Nothing goes to an address on the suppression list of the sender or of the template's owner, not even a BAT.
      const owners = [user.id, ...('user' in saved ? [Number(saved.user)] : [])];
      const suppressed = await mailContacts().suppressionOf(db, owners, email);
      if (suppressed) throw conflict(copy.suppressedTest(email, suppressed.reason), 'email');
      const merged = contentOf({ ...saved, ...given });
      const listOf = given.properties?.listId ?? (saved as Partial<DeliveryRow>).properties?.listId;
      const { content: shown } = await withVideos(db, merged, videosOptions(previewTarget(delId, listOf)));
      const content = await sendableContent(shown);
      if (!hasBody(content)) throw badRequest('codeHtml', 'Le BAT n’a aucun contenu : ni HTML, ni texte, ni AMP.');
      const message = await composer.testMessage(compileContent(content), email);
      const messageId = String(message.messageId);
      try {
        await transport.send(message);
      } catch (error) {
        // The outbox's disk is full: a 507, and the disk watch knows.
        if (context.disk.report(error)) throw error;
        const reason = (error as Error).message;
        throw classify(error) === 'failed'
          ? new HttpError(502, `Le serveur d'envoi a refusé le message : ${reason}`)
          : new HttpError(503, `Le serveur d'envoi est indisponible : ${reason}`);
      }
      return { messageId, email, ampErrors: content.ampErrors ?? [] };
    },
  );

  typed.get(
    '/api/mail/domain',
    { onRequest: authenticate, schema: { tags: TAGS, response: { 200: DomainAnswer } } },
    async (request) => {
      if (!isAdmin(currentUser(request))) throw forbidden(ADMIN_ONLY.domain);
      return domainReport(
        {
          domain: senderDomain(config.mail.from),
          selector: config.dkim.selector,
          signing: signingOf(config.dkim),
          key: composer.signingKey(),
          smtpName: config.smtpName,
          bounceDomain: config.bounce.domain,
          dnsServers: config.dnsServers,
          spf: config.spf,
        },
        request.log,
      );
    },
  );

  // The one list of variables (compose/variables.ts), for the editor's list and docs/templates.md.
  typed.get(
    '/api/email/variables',
    { onRequest: authenticate, schema: { tags: TAGS, response: { 200: VariablesAnswer } } },
    async (request) => {
      const user = currentUser(request);
      // The caller's contacts' attributes, each as the template writes it (a name with a space: `attribs.[code postal]`).
      const names = await mailContacts().attribNames(db, isAdmin(user) ? null : user.id);
      const attribs = names.map((name) => ({
        name: /^[\p{L}\p{N}_-]+$/u.test(name) ? `attribs.${name}` : `attribs.[${name}]`,
        group: 'attribut' as const,
        label: copy.attribVariable(name),
        example: '',
      }));
      return {
        variables: [...MESSAGE_VARIABLES.map((variable) => ({ ...variable })), ...attribs],
        ampForms: ampFormsRefusal(context.publicUrl()),
      };
    },
  );

  typed.post(
    '/api/email/preview',
    { onRequest: authenticate, schema: { tags: TAGS, body: PreviewBody, response: { 200: PreviewAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const { delId, listId, ...given } = request.body;
      if (delId !== undefined) await findOwnedItem(db, deliveryResource, delId, user);
      const drafted = contentOf(given);
      compileContent(drafted);
      const target = previewTarget(delId, listId ?? given.properties?.listId);
      const { content } = await withVideos(db, drafted, videosOptions(target));
      const compiled = compileContent(content);
      const message = composer.preview(compiled, user.email);
      return {
        subject: message.subject,
        html: String(message.html ?? ''),
        text: String(message.text ?? ''),
        amp: String(message.amp ?? ''),
        missing: compiled.missing,
      };
    },
  );
}
