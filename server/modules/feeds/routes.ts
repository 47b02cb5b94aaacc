import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ModuleContext } from '../../shared/context';
import { currentUser, isAdmin } from '../../shared/auth';
import { forbidden } from '../../shared/errors';
import { Answer } from '../../shared/schemas';
import { createFeedClient } from './feedClient';
import { refreshFeeds } from './refresh';

const RefreshAnswer = Answer({
  skipped: Type.Boolean({ description: 'Vrai quand un autre processus rafraîchissait déjà.' }),
  channels: Type.Integer(),
  refreshed: Type.Integer(),
  failed: Type.Integer(),
  videos: Type.Integer(),
});

/** An administrator refreshes every channel's feed now, without waiting for FEED_REFRESH_MINUTES. */
export const feedsRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, config, authenticate }) => {
  const client = createFeedClient({ baseUrl: config.youtubeFeedUrl });
  app.post('/api/feeds/refresh', { onRequest: authenticate, schema: { tags: ['videos'], response: { 200: RefreshAnswer } } }, async (request) => {
    if (!isAdmin(currentUser(request))) throw forbidden('Seul un administrateur rafraîchit les flux.');
    return refreshFeeds(db, client, request.log);
  });
};
