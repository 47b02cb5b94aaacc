import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { CATEGORY_NAMES } from '../categories';
import {
  channelsOfList,
  channelsOfTheme,
  featuredLists,
  findList,
  toChaine,
  videosOfList,
  videosOfTheme,
} from './repository';
import { viewerCondition } from './viewerCondition';
import { ChaineVideosAnswer, CreatorsAnswer, ThemeBody, ThemeParams, VideoByUserAnswer, VideoPageQuery } from './schemas';

function sameTheme(path: string, body: string): void {
  if (path !== body) throw badRequest('theme', "Le champ 'theme' doit reprendre le thème de l'adresse.");
}

/** The public video routes of spec §7.5; unknown lists and themes answer no videos. */
export const videosRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, config }) => {
  const rateLimit = { max: config.publicReadRateLimit, timeWindow: '1 minute' };
  const tags = ['videos'];
  // A visitor's token, when the request carries one, applies their feed filters (issue 42).
  const filtersOf = (request: FastifyRequest) => viewerCondition(db, request);

  app.post(
    '/api/videoByUser/:theme',
    { config: { rateLimit }, schema: { tags, params: ThemeParams, body: ThemeBody, querystring: VideoPageQuery, response: { 200: VideoByUserAnswer } } },
    async (request) => {
      const { theme } = request.params;
      sameTheme(theme, request.body.theme);
      const { page, itemsPerPage } = request.query;
      const list = await findList(db, theme);
      const [found, chaines] = list
        ? await Promise.all([videosOfList(db, theme, { page, itemsPerPage }, await filtersOf(request)), channelsOfList(db, list.id)])
        : [{ videos: [], totalItems: 0 }, []];
      return {
        res: [
          {
            ...found,
            chaines: chaines.map(toChaine),
            liste: list ? { name: list.name, hashtags: list.hashtags } : null,
            page,
            itemsPerPage,
          },
        ],
      };
    },
  );

  app.post(
    '/api/chaine/:theme',
    { config: { rateLimit }, schema: { tags, params: ThemeParams, body: ThemeBody, querystring: VideoPageQuery, response: { 200: ChaineVideosAnswer } } },
    async (request) => {
      const { theme } = request.params;
      sameTheme(theme, request.body.theme);
      const { page, itemsPerPage } = request.query;
      const [found, chaines] = await Promise.all([videosOfTheme(db, theme, { page, itemsPerPage }, await filtersOf(request)), channelsOfTheme(db, theme)]);
      // A theme is known when it is one of the enumeration (spec §3) or some channel has it;
      // `known` lets the page tell "no video yet" from "no such theme".
      const known = Object.hasOwn(CATEGORY_NAMES, theme) || chaines.length > 0;
      return { res: [{ ...found, chaine: chaines.map(toChaine), known, page, itemsPerPage }] };
    },
  );

  app.get('/api/creators', { config: { rateLimit }, schema: { tags, response: { 200: CreatorsAnswer } } }, async () => {
    const lists = await featuredLists(db);
    return {
      '@context': '/api/contexts/Creator',
      '@id': '/api/creators',
      '@type': 'hydra:Collection' as const,
      'hydra:member': lists.map((list) => ({
        '@id': `/api/creators/${encodeURIComponent(list.name)}`,
        '@type': 'Creator' as const,
        name: list.name,
        hashtags: list.hashtags,
      })),
      'hydra:totalItems': lists.length,
    };
  });
};
