import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Row } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { currentUser, isAdmin } from '../../shared/auth';
import { mapWithConcurrency } from '../../shared/concurrency';
import { badRequest, forbidden, HttpError } from '../../shared/errors';
import { findOwnedItem, idParamsSchema } from '../../shared/hydra';
import { createFeedClient } from '../feeds';
import { recipientResource } from '../recipients';
import { latestVideos } from './latestVideos';
import {
  keepRecipientName,
  readSocialMedia,
  recipientsByIds,
  recipientsWithYoutube,
  saveSnapshot,
  type RecipientToCheck,
} from './repository';
import {
  RecipientIdBody,
  SocialMediaInfoBody,
  UserIdBody,
  XCheckBody,
  XCountParams,
  XPostBody,
  YoutubeCheckBody,
  YoutubeCountParams,
  YoutubeListBody,
  SocialMediaAnswer,
  SocialMediaInfoAnswer,
  YoutubeCheckAnswer,
  XCheckAnswer,
  XPostAnswer,
  YoutubeListAnswer,
  LatestVideosAnswer,
} from './schemas';
import { fromXError, xClientFor, xNotConfigured, xUsernameOf } from './xAccount';
import { isYoutubeUrl, readYoutubeChannel, youtubeRefOf } from './youtubeCheck';

/** Channels read at once by a list-wide refresh, as the feed refresh does. */
const REFRESH_CONCURRENCY = 4;
/** X posts read by a recipient's check. */
const X_POSTS_READ = 5;

/** The channel a recipient names: its YouTube name, else a YouTube address in url or add_url. */
const channelNamedBy = (r: Pick<RecipientToCheck, 'youtubename' | 'url' | 'add_url'>) =>
  r.youtubename.trim() || [r.url, r.add_url].find(isYoutubeUrl)?.trim() || '';

const failure = (error: unknown) =>
  error instanceof HttpError ? { statusCode: error.statusCode, message: error.message } : { statusCode: 500, message: 'Erreur interne.' };

/**
 * Social-media checks of recipients (spec §7.4): YouTube through the feed module, X through
 * its API v2 when X_API_BEARER_TOKEN is set. A failed check leaves the stored data as it was.
 */
export const socialMediaRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, config, authenticate }) => {
  const feeds = createFeedClient({ baseUrl: config.youtubeFeedUrl });
  const x = xClientFor(config);
  const requireX = () => {
    if (!x) throw xNotConfigured();
    return x;
  };
  const tags = ['socialMedia'];
  const checkLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  const listLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  const ownedRecipient = (request: Parameters<typeof currentUser>[0], id: number) =>
    findOwnedItem<Row & RecipientToCheck & { twittername: string }>(db, recipientResource, id, currentUser(request));

  app.get(
    '/api/recipients/:id/socialMedia',
    { onRequest: authenticate, schema: { tags, params: idParamsSchema, response: { 200: SocialMediaAnswer } } },
    async (request) => {
      await ownedRecipient(request, request.params.id);
      return readSocialMedia(db, request.params.id);
    },
  );

  app.post(
    '/api/getSocialMediaInfo',
    { onRequest: authenticate, config: checkLimit, schema: { tags, body: SocialMediaInfoBody, response: { 200: SocialMediaInfoAnswer } } },
    async (request) => {
      const { id } = request.body;
      const recipient = await ownedRecipient(request, id);
      const youtubeName = (request.body.youtubename ?? channelNamedBy(recipient)).trim();
      const twitterName = (request.body.twittername ?? recipient.twittername).trim();
      if (!youtubeName && !twitterName) {
        throw badRequest('youtubename', "Le destinataire n'a ni chaîne YouTube ni compte X : indiquez 'youtubename' ou 'twittername'.");
      }
      if (youtubeName) youtubeRefOf(youtubeName, 'youtubename');
      const username = twitterName ? xUsernameOf(twitterName, 'twittername') : null;
      // Both parts run at once; each settles on its own, so one failing leaves the other stored.
      const [youtube, twitter] = await Promise.allSettled([
        (async () => (youtubeName ? readYoutubeChannel(feeds, youtubeName, 'youtubename') : null))(),
        (async () => (username ? requireX().readAccount(username, X_POSTS_READ).catch(fromXError) : null))(),
      ]);
      const rejected = [youtube, twitter].filter((part) => part.status === 'rejected');
      const checked = [youtube, twitter].filter((part) => part.status === 'rejected' || part.value !== null);
      if (rejected.length === checked.length) throw rejected[0].reason;
      await db.transaction(async (tx) => {
        if (youtube.status === 'fulfilled' && youtube.value) {
          await saveSnapshot(tx, id, 'youtube', youtube.value);
          if (request.body.youtubename !== undefined) await keepRecipientName(tx, id, 'youtubename', youtubeName);
        }
        if (twitter.status === 'fulfilled' && twitter.value) {
          await saveSnapshot(tx, id, 'twitter', twitter.value);
          if (request.body.twittername !== undefined) await keepRecipientName(tx, id, 'twittername', twitterName);
        }
      });
      const errors = {
        ...(youtube.status === 'rejected' ? { youtube: failure(youtube.reason) } : {}),
        ...(twitter.status === 'rejected' ? { twitter: failure(twitter.reason) } : {}),
      };
      return { ...(await readSocialMedia(db, id)), errors };
    },
  );

  app.post(
    '/api/youtube/:n',
    { onRequest: authenticate, config: checkLimit, schema: { tags, params: YoutubeCountParams, body: YoutubeCheckBody, response: { 200: YoutubeCheckAnswer } } },
    async (request) => {
      const { url, id } = request.body;
      const recipient = await ownedRecipient(request, id);
      const snapshot = await readYoutubeChannel(feeds, url, 'url');
      const changed = await db.transaction(async (tx) => {
        if (!recipient.youtubename) await keepRecipientName(tx, id, 'youtubename', url.trim());
        return saveSnapshot(tx, id, 'youtube', snapshot);
      });
      const { youtube } = await readSocialMedia(db, id);
      return { id, changed, youtube: youtube && { ...youtube, videos: youtube.videos.slice(0, request.params.n) } };
    },
  );

  app.post(
    '/api/twitter/:n',
    { onRequest: authenticate, config: checkLimit, schema: { tags, params: XCountParams, body: XCheckBody, response: { 200: XCheckAnswer } } },
    async (request) => {
      const { url, id } = request.body;
      if (id !== undefined) await ownedRecipient(request, id);
      const username = xUsernameOf(url, 'url');
      const account = await requireX().readAccount(username, request.params.n).catch(fromXError);
      if (id === undefined) return { twitter: account };
      const changed = await saveSnapshot(db, id, 'twitter', account);
      return { id, changed, twitter: (await readSocialMedia(db, id)).twitter };
    },
  );

  app.post('/api/twitter/post', { onRequest: authenticate, config: listLimit, schema: { tags, body: XPostBody, response: { 201: XPostAnswer } } }, async (request, reply) => {
    const posted = await requireX().post(request.body.text).catch(fromXError);
    return reply.code(201).send({ ...posted, url: `https://x.com/i/web/status/${posted.id}` });
  });

  /** Reads a recipient's channel again and stores it; answers whether it changed. */
  const refreshYoutube = async (recipient: RecipientToCheck) => {
    const ref = channelNamedBy(recipient);
    if (!ref) throw badRequest('id', "Ce destinataire n'a pas de chaîne YouTube.");
    const snapshot = await readYoutubeChannel(feeds, ref, 'youtubename');
    return saveSnapshot(db, recipient.id, 'youtube', snapshot);
  };

  app.post(
    '/api/socialMedia/youtube',
    { onRequest: authenticate, config: checkLimit, schema: { tags, body: RecipientIdBody, response: { 200: YoutubeCheckAnswer } } },
    async (request) => {
      const recipient = await ownedRecipient(request, request.body.id);
      const changed = await refreshYoutube(recipient);
      return { id: recipient.id, changed, youtube: (await readSocialMedia(db, recipient.id)).youtube };
    },
  );

  app.post(
    '/api/socialMedia/youtube/list',
    { onRequest: authenticate, config: listLimit, schema: { tags, body: YoutubeListBody, response: { 200: YoutubeListAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const { ids } = request.body;
      const recipients = ids ? await recipientsByIds(db, [...new Set(ids)]) : await recipientsWithYoutube(db, user.id);
      if (!isAdmin(user) && recipients.some((r) => Number(r.user) !== user.id)) {
        throw forbidden('Ces destinataires appartiennent à un autre utilisateur.');
      }
      const results = await mapWithConcurrency(recipients, REFRESH_CONCURRENCY, async (recipient) => {
        try {
          return { recipient, changed: await refreshYoutube(recipient) };
        } catch (error) {
          return { recipient, error: failure(error) };
        }
      });
      const failures = results.flatMap(({ recipient, error }) => (error ? [{ id: recipient.id, email: recipient.email, ...error }] : []));
      return {
        checked: results.length,
        changed: results.filter((result) => result.changed).length,
        failed: failures.length,
        failures,
      };
    },
  );

  app.post(
    '/api/videosocialmedia/last',
    { onRequest: authenticate, config: checkLimit, schema: { tags, body: UserIdBody, response: { 200: LatestVideosAnswer } } },
    async (request) => {
      const user = currentUser(request);
      if (!isAdmin(user) && request.body.userId !== user.id) {
        throw forbidden("Vous ne pouvez consulter que vos propres destinataires (champ 'userId').");
      }
      const members = await latestVideos(db, request.body.userId);
      return { 'hydra:member': members, 'hydra:totalItems': members.length };
    },
  );
};
