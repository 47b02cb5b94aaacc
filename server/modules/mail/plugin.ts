import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../../shared/context';
import { registerBounceWebhooks, startBounceReceiver, type BounceReceiver } from './bounces';
import { mailComposer } from './compose';
import { batchedComposer, messageKinds, type MessageContext } from './messages';
import { createMailTransport, SendWorker, UnknownMessageKind, type ClaimedMessage } from './queue';
import { registerSendRoutes } from './routes';
import { Scheduler } from './schedules';
import { MailLinks, registerAmpNotesRoutes, registerPreferenceRoutes, registerTrackingRoutes, registerUnsubscribeRoutes } from './tracking';

/**
 * The mail module (docs/architecture.md, «Sending mail»): it owns its transport, its signed tokens and links, the
 * send worker (recipients of sends and queued one-off messages) and the scheduler (in processes that send), the bounce receiver (with
 * BOUNCE_DOMAIN), their start and stop with the app, and its routes — the back-office ones,
 * and the public unsubscribe, tracking and bounce webhook ones.
 */
export const mailPlugin: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { config, db } = context;
  const { bounce } = config;
  const transport = createMailTransport(config);
  const links = new MailLinks(context.publicUrl);
  const composer = mailComposer({ from: config.mail.from, links, bounceDomain: bounce.domain, dkim: config.dkim });
  const messageContext: MessageContext = {
    db,
    get publicUrl() {
      return links.baseUrl();
    },
    productName: config.productName,
    timezone: config.timezone,
    now: () => new Date(),
    unsubscribeUrl: (audience, id) => links.unsubscribeUrlFor(audience, id),
    visitorRatingForm: (visitorId, videoId) => composer.visitorRatingForm(visitorId, videoId),
  };
  const contentOf = batchedComposer(messageContext);
  /** A queued one-off message: its kind says what it says (or that it is not to be sent any more), compose makes it. */
  const composeQueued = async (message: ClaimedMessage) => {
    const kind = messageKinds.get(message.kind);
    if (!kind) throw new UnknownMessageKind(`unknown message kind: ${message.kind}`);
    const content = await contentOf(kind, message);
    return content ? composer.forMessage(content, message) : null;
  };
  const worker = config.mail.worker
    ? new SendWorker({
        db,
        transport,
        settings: config.mail,
        log: app.log,
        disk: context.disk,
        compose: composer.forRecipient,
        composeMessage: composeQueued,
      })
    : null;
  const scheduler = config.mail.worker
    ? new Scheduler({ db, everyMs: Math.max(config.mail.pollMs, 200), log: app.log, started: () => worker?.wake(), videos: () => ({ publicUrl: context.publicUrl(), timezone: config.timezone }) })
    : null;
  let receiver: BounceReceiver | null = null;

  app.addHook('onReady', async () => {
    await links.load(db);
    await composer.load(db);
    if (bounce.domain) {
      receiver = await startBounceReceiver({
        db,
        domain: bounce.domain,
        host: bounce.smtpHost,
        port: bounce.smtpPort,
        softLimit: bounce.softLimit,
        tokens: links.tokens,
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

  registerSendRoutes(app, { context, transport, composer, wake: () => worker?.wake() });
  registerUnsubscribeRoutes(app, { db, productName: config.productName, tokens: links.unsubscribeTokens });
  registerTrackingRoutes(app, { db, tokens: links.tokens, rateLimit: config.publicReadRateLimit });
  registerPreferenceRoutes(app, { db, tokens: links.unsubscribeTokens });
  registerAmpNotesRoutes(app, { db, from: config.mail.from, tokens: links.ratingTokens, rateLimit: config.publicWriteRateLimit });
  registerBounceWebhooks(app, { db, secret: bounce.webhookSecret, softLimit: bounce.softLimit, log: app.log });
};
