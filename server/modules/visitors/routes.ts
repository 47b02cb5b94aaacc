import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { createFeedClient } from '../feeds';
import { parseChannelRef } from '../feeds';
import { findOrFetchChannel } from '../videos';
import { optInToPublicDefault } from '../lists';
import { startPendingFeeds } from '../feeds';
import { startDigests } from './digest';
import { registerDigestRoutes } from './digestRoutes';
import { registerHistoryRoutes } from './historyRoutes';
import { mailSignInLink, registerSignInLinkRoute } from './signInLink';
import { addChannelToList, findChannel, removeChannelFromList } from '../videos';
import { listeJson, removeChannelFromGroups } from './personal';
import { registerPersonalRoutes } from './personalRoutes';
import { registerNotesRoutes } from './notesRoutes';
import { createVisitorList, findVisitorByEmail, findVisitorList, recordOptIn, type VisitorList } from './repository';
import { ChaineBody, ListeBody, RtEventBody, SignInLinkAnswer, SignupAnswer, VisitorListeAnswer } from './schemas';
import { registerSubscriptionRoutes } from './subscriptionsRoutes';
import { createSubscriptionsParser } from './subscriptionsParser';
import { currentVisitor } from './visitorAuth';
import { emitEvent } from '../webhooks';

/** Sign-up (spec §7.6), a visitor's own list of followed channels, and its subscriptions files. */
export const visitorsRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, config, publicUrl }) => {
  const writeLimit = { rateLimit: { max: config.publicWriteRateLimit, timeWindow: '1 minute' } };
  const readLimit = { rateLimit: { max: config.publicReadRateLimit, timeWindow: '1 minute' } };
  const feeds = createFeedClient({ baseUrl: config.youtubeFeedUrl });
  const tags = ['visitors'];
  const parser = createSubscriptionsParser();
  const pendingFeeds = startPendingFeeds(db, feeds, app.log);
  const digests = startDigests(db, config.timezone, app.log);
  app.addHook('onClose', async () => {
    await pendingFeeds.stop();
    await digests.stop();
    await parser.close();
  });

  const listOf = async (visitorId: number) => {
    const list = await findVisitorList(db, visitorId);
    if (!list) throw conflict("Créez d'abord votre liste.");
    return list;
  };

  app.post(
    '/api/rtEvent/new',
    { config: writeLimit, schema: { tags, body: RtEventBody, response: { 201: SignupAnswer, 202: SignInLinkAnswer } } },
    async (request, reply) => {
      const { email, optin, name, grp_name: grpName, data, origin = '', twitter = '' } = request.body;
      if (data.email !== undefined && data.email.toLowerCase() !== email.toLowerCase()) {
        throw badRequest('data.email', "Le champ 'data.email' doit reprendre l'adresse 'email'.");
      }
      // An address that has a space already: no token here (it would read that visitor's
      // ratings and list), but a sign-in link by e-mail, at most one every 10 minutes.
      // The box ticked: the visitor joins the public default list, through its double opt-in
      // when it has one (docs/architecture.md, «Contacts and consent»); without one, nothing.
      const optIn = () =>
        optin && grpName === 'default'
          ? optInToPublicDefault(db, request, email, { publicUrl: publicUrl(), optinExpiryDays: config.optinExpiryDays })
          : null;
      const known = await findVisitorByEmail(db, email);
      if (known) {
        await mailSignInLink(db, known);
        await optIn();
        return reply.code(202).send({ tokenAc: null, signInLinkSent: true });
      }
      const tokenAc = await recordOptIn(db, { email: email.toLowerCase(), optin, eventName: name, grpName, origin, twitter, data });
      await optIn();
      return reply.code(201).send({ tokenAc });
    },
  );

  app.post('/api/visitor/liste', { config: writeLimit, schema: { tags, body: ListeBody, response: { 201: VisitorListeAnswer } } }, async (request, reply) => {
    const visitor = await currentVisitor(db, request);
    if (await findVisitorList(db, visitor.id)) throw conflict('Vous avez déjà une liste.');
    let list: VisitorList | null;
    try {
      list = await createVisitorList(db, visitor.id, request.body.name);
    } catch (error) {
      // Two creations at once by the same visitor: the second meets the one-list-per-visitor index.
      if ((error as { code?: string }).code === '23505') throw conflict('Vous avez déjà une liste.');
      throw error;
    }
    if (!list) throw conflict('Ce nom de liste est déjà pris.', 'name');
    return reply.code(201).send({ liste: await listeJson(db, visitor.id, list) });
  });

  app.post('/api/visitor/follow', { config: writeLimit, schema: { tags, body: ChaineBody, response: { 200: VisitorListeAnswer } } }, async (request) => {
    const visitor = await currentVisitor(db, request);
    const list = await listOf(visitor.id);
    const channel = await findOrFetchChannel(db, feeds, request.body.chaine, 'chaine');
    // A channel newly followed is a webhook event, recorded with it (docs/architecture.md, «Webhooks»).
    await db.transaction(async (tx) => {
      if (await addChannelToList(tx, list.id, channel.id)) {
        await emitEvent(tx, 'visiteur.abonné', { visitorId: visitor.id, listId: list.id, channelId: channel.youtubeId });
      }
    });
    return { liste: await listeJson(db, visitor.id, list) };
  });

  app.post('/api/visitor/unfollow', { config: writeLimit, schema: { tags, body: ChaineBody, response: { 200: VisitorListeAnswer } } }, async (request) => {
    const visitor = await currentVisitor(db, request);
    const list = await listOf(visitor.id);
    const ref = parseChannelRef(request.body.chaine);
    if (!ref) throw badRequest('chaine', "Le champ 'chaine' ne désigne pas une chaîne YouTube.");
    const channel = await findChannel(db, ref.kind === 'id' ? { youtubeId: ref.id } : { handle: ref.handle });
    if (!channel) throw notFound('Chaîne');
    await removeChannelFromList(db, list.id, channel.id);
    await removeChannelFromGroups(db, visitor.id, channel.id);
    return { liste: await listeJson(db, visitor.id, list) };
  });

  registerPersonalRoutes(app, { db, config, publicUrl, listOf, writeLimit, readLimit, onSettingsChanged: digests.tick });
  registerNotesRoutes(app, { db, writeLimit, readLimit });
  registerDigestRoutes(app, { db, productName: config.productName, writeLimit });
  registerSubscriptionRoutes(app, { db, parser, readPendingFeeds: pendingFeeds.kick, listOf, writeLimit, readLimit });
  registerHistoryRoutes(app, { db, writeLimit, readLimit });
  registerSignInLinkRoute(app, { db, writeLimit });
};
