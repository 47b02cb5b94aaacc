import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { badRequest, notFound } from '../../shared/errors';
import { parseChannelRef } from '../feeds';
import { enqueueMessages } from '../mail';
import { findChannel } from '../videos';
import {
  deleteGroup,
  groupsOf,
  latestVideos,
  listeJson,
  markChannelsSeen,
  markVideoSeen,
  newVideos,
  putGroup,
  setVideoState,
  videoIdsIn,
  videosIn,
} from './personal';
import { filtersOf, saveFilters } from './feedFilters';
import { lastImportOf } from './importOutcome';
import { atomOf, FEED_KEY_PATTERN, feedKey, feedUrlOf, visitorOfFeedKey } from './privateFeed';
import { findVisitorList, type Visitor, type VisitorList } from './repository';
import {
  FeedAnswer,
  FeedParams,
  GroupeBody,
  GroupeParams,
  GroupesAnswer,
  SeenAnswer,
  SeenBody,
  VideoParams,
  VideoStateAnswer,
  VideoStateBody,
  VisitorMeAnswer,
  VisitorPatchBody,
  VisitorVideosAnswer,
  VisitorVideosQuery,
} from './schemas';
import { currentVisitor } from './visitorAuth';

type RouteLimit = { rateLimit: { max: number; timeWindow: string } };

interface Deps {
  db: Db;
  config: Config;
  /** Where the private feed's absolute URLs start (shared/publicUrl.ts). */
  publicUrl: () => string;
  listOf: (visitorId: number) => Promise<VisitorList>;
  writeLimit: RouteLimit;
  readLimit: RouteLimit;
  /** A digest may be due at once (the hour chosen is now). */
  onSettingsChanged: () => void;
}

export type Digest = 'aucun' | 'quotidien' | 'hebdomadaire';

interface Settings {
  digest: Digest;
  digestHour: number;
  emailConfirmed: boolean;
}

async function settingsOf(db: Db, visitorId: number): Promise<Settings> {
  const [row] = await db.query<Settings>(
    `SELECT digest, digest_hour AS "digestHour", email_confirmed_at IS NOT NULL AS "emailConfirmed" FROM visitor WHERE id = $1`,
    [visitorId],
  );
  return row;
}

/**
 * What makes a visitor come back: new videos per creator, groups, saved and hidden videos,
 * the digest's settings and the private feed (docs/architecture.md, «Visitors' space», issue 24).
 */
export function registerPersonalRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config, publicUrl, listOf, writeLimit, readLimit, onSettingsChanged } = deps;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['visitors'];

  async function me(visitor: Visitor) {
    const list = await findVisitorList(db, visitor.id);
    const [liste, settings, groupes, plusTard, masquees, key, filters, lastImport] = await Promise.all([
      list ? listeJson(db, visitor.id, list) : null,
      settingsOf(db, visitor.id),
      groupsOf(db, visitor.id),
      videoIdsIn(db, visitor.id, 'plus tard'),
      videoIdsIn(db, visitor.id, 'masquée'),
      feedKey(db, visitor.id),
      filtersOf(db, visitor.id),
      lastImportOf(db, visitor.id),
    ]);
    return { email: visitor.email, liste, ...settings, feedUrl: feedUrlOf(publicUrl(), key), groupes, plusTard, masquees, ...filters, lastImport };
  }

  typed.get('/api/visitor/me', { config: readLimit, schema: { tags, response: { 200: VisitorMeAnswer } } }, async (request) =>
    me(await currentVisitor(db, request)),
  );

  typed.patch(
    '/api/visitor/me',
    { config: writeLimit, schema: { tags, body: VisitorPatchBody, response: { 200: VisitorMeAnswer } } },
    async (request) => {
      const visitor = await currentVisitor(db, request);
      const { digest, digestHour, hideShorts, hideLive, hiddenWords } = request.body;
      await saveFilters(db, visitor.id, { hideShorts, hideLive, hiddenWords });
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ digest: Digest; confirmed: boolean }>(
          // Asking a digest (from none) starts its first window now (the right side reads the row as it was).
          `UPDATE visitor SET digest = coalesce($2, digest), digest_hour = coalesce($3, digest_hour),
             digest_requested_at = CASE WHEN digest = 'aucun' AND coalesce($2, digest) <> 'aucun' THEN now() ELSE digest_requested_at END
           WHERE id = $1
           RETURNING digest, email_confirmed_at IS NOT NULL AS confirmed`,
          [visitor.id, digest ?? null, digestHour ?? null],
        );
        // A digest goes only to a confirmed address: asking one mails the confirmation first
        // (at most once an hour).
        if (row.digest !== 'aucun' && !row.confirmed) {
          const window = Math.floor(Date.now() / 3_600_000);
          await enqueueMessages(tx, [
            { kind: 'visiteur-confirmation', key: `visitor-${visitor.id}-confirmation-${window}`, to: visitor.email, payload: { visitorId: visitor.id } },
          ]);
        }
      });
      onSettingsChanged();
      return me(visitor);
    },
  );

  typed.post('/api/visitor/seen', { config: writeLimit, schema: { tags, body: SeenBody, response: { 200: SeenAnswer } } }, async (request) => {
    const visitor = await currentVisitor(db, request);
    const { chaine, video } = request.body;
    if (chaine !== undefined && video !== undefined) throw badRequest('video', "Donnez 'chaine' ou 'video', pas les deux.");
    if (video !== undefined) {
      if (!(await markVideoSeen(db, visitor.id, video))) throw notFound('Vidéo');
      return { ok: true };
    }
    const list = await listOf(visitor.id);
    let youtubeId: string | null = null;
    if (chaine !== undefined) {
      const ref = parseChannelRef(chaine);
      if (!ref) throw badRequest('chaine', "Le champ 'chaine' ne désigne pas une chaîne YouTube.");
      const channel = await findChannel(db, ref.kind === 'id' ? { youtubeId: ref.id } : { handle: ref.handle });
      if (!channel) throw notFound('Chaîne');
      youtubeId = channel.youtubeId;
    }
    if (!(await markChannelsSeen(db, list.id, youtubeId))) throw notFound('Chaîne suivie');
    return { ok: true };
  });

  typed.put(
    '/api/visitor/groupes/:name',
    { config: writeLimit, schema: { tags, params: GroupeParams, body: GroupeBody, response: { 200: GroupesAnswer } } },
    async (request) => {
      const visitor = await currentVisitor(db, request);
      const list = await listOf(visitor.id);
      const name = request.params.name.trim();
      if (!name) throw badRequest('name', 'Le nom du groupe est vide.');
      const missing = await db.transaction((tx) => putGroup(tx, visitor.id, list.id, name, request.body.chaines));
      if (missing.length > 0) throw badRequest('chaines', `Ces chaînes ne sont pas suivies : ${missing.join(', ')}.`);
      return { groupes: await groupsOf(db, visitor.id) };
    },
  );

  typed.delete(
    '/api/visitor/groupes/:name',
    { config: writeLimit, schema: { tags, params: GroupeParams, response: { 200: GroupesAnswer } } },
    async (request) => {
      const visitor = await currentVisitor(db, request);
      if (!(await deleteGroup(db, visitor.id, request.params.name.trim()))) throw notFound('Groupe');
      return { groupes: await groupsOf(db, visitor.id) };
    },
  );

  typed.post(
    '/api/visitor/videos/:videoId',
    { config: writeLimit, schema: { tags, params: VideoParams, body: VideoStateBody, response: { 200: VideoStateAnswer } } },
    async (request) => {
      const visitor = await currentVisitor(db, request);
      if (!(await setVideoState(db, visitor.id, request.params.videoId, request.body.etat))) throw notFound('Vidéo');
      return { plusTard: await videoIdsIn(db, visitor.id, 'plus tard'), masquees: await videoIdsIn(db, visitor.id, 'masquée') };
    },
  );

  typed.get(
    '/api/visitor/videos',
    { config: readLimit, schema: { tags, querystring: VisitorVideosQuery, response: { 200: VisitorVideosAnswer } } },
    async (request) => {
      const visitor = await currentVisitor(db, request);
      const { vue } = request.query;
      if (vue === 'plusTard') return { videos: await videosIn(db, visitor.id, 'plus tard') };
      if (vue === 'masquees') return { videos: await videosIn(db, visitor.id, 'masquée') };
      const list = await findVisitorList(db, visitor.id);
      return { videos: list ? await newVideos(db, visitor.id, list.id) : [] };
    },
  );

  typed.post('/api/visitor/feed', { config: writeLimit, schema: { tags, response: { 200: FeedAnswer } } }, async (request) => {
    const visitor = await currentVisitor(db, request);
    return { feedUrl: feedUrlOf(publicUrl(), await feedKey(db, visitor.id, true)) };
  });

  // The key is the credential: a feed reader cannot send a header. The logs redact it (app.ts).
  typed.get(
    '/api/visitor/feed/:key',
    {
      config: readLimit,
      schema: {
        tags,
        params: FeedParams,
        response: { 200: { description: 'Le flux Atom privé du visiteur.', content: { 'application/atom+xml': { schema: { type: 'string' } } } } },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const visitor = new RegExp(FEED_KEY_PATTERN).test(key) ? await visitorOfFeedKey(db, key) : null;
      if (!visitor) throw notFound('Flux');
      const list = await findVisitorList(db, visitor.id);
      const videos = list ? await latestVideos(db, visitor.id, list.id) : [];
      const origin = publicUrl();
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(atomOf(videos, { origin, selfUrl: feedUrlOf(origin, key), listName: list?.name ?? 'Mes créateurs', productName: config.productName }));
    },
  );
}
