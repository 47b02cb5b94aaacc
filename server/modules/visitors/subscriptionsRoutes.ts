import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db';
import { badRequest, HttpError } from '../../shared/errors';
import { channelsOfList } from '../videos';
import { exportedNotes, importNotes } from './notes';
import { groupsOf, videoIdsIn } from './personal';
import type { VisitorList } from './repository';
import { toFreeTubeDb, toNewPipeJson, toOpml } from './subscriptionFormats';
import { importSubscriptions } from './subscriptionsImport';
import type { SubscriptionsParser } from './subscriptionsParser';
import { ExportQuery, SubscriptionsExportAnswer, SubscriptionsImportAnswer } from './schemas';
import { currentVisitor } from './visitorAuth';

const OCTET_STREAM = 'application/octet-stream';

/** The largest subscriptions file read: 1000 channels of OPML take about 200 KiB. */
export const SUBSCRIPTIONS_MAX_BYTES = 2 * 1024 * 1024;

const tooLarge = () =>
  new HttpError(413, `Le fichier dépasse ${SUBSCRIPTIONS_MAX_BYTES / 1024 / 1024} Mio. Rien n'a été modifié.`, 'file');

type RouteLimit = { rateLimit: { max: number; timeWindow: string } };

interface Deps {
  db: Db;
  parser: SubscriptionsParser;
  /** Reads the feeds of channels an import recorded, in the background. */
  readPendingFeeds: () => void;
  listOf: (visitorId: number) => Promise<VisitorList>;
  writeLimit: RouteLimit;
  readLimit: RouteLimit;
}

/**
 * Subscriptions in and out: the file is the raw body (`application/octet-stream`), read whole
 * and parsed (in a thread of its own) before anything is followed, so a bad or oversized file
 * changes nothing; the channels are recorded at once and their feeds read in the background.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, parser, readPendingFeeds, listOf, writeLimit, readLimit } = deps;
  const tags = ['visitors'];

  // A scope of its own: only this route reads a raw file; every other route reads JSON.
  app.register(async (scope) => {
    scope.addContentTypeParser(OCTET_STREAM, (request: FastifyRequest, payload, done) => {
      if (Number(request.headers['content-length'] ?? 0) > SUBSCRIPTIONS_MAX_BYTES) {
        payload.resume();
        return done(tooLarge(), undefined);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      payload.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (size > SUBSCRIPTIONS_MAX_BYTES) {
          failed = true;
          done(tooLarge(), undefined);
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => !failed && done(null, Buffer.concat(chunks)));
      payload.on('error', (error) => !failed && done(error, undefined));
    });

    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/visitor/subscriptions/import',
      { config: { ...writeLimit, accepts: OCTET_STREAM }, schema: { tags, response: { 200: SubscriptionsImportAnswer } } },
      async (request) => {
        const visitor = await currentVisitor(db, request);
        const list = await listOf(visitor.id);
        if (!Buffer.isBuffer(request.body)) {
          throw badRequest('file', "Envoyez le fichier tel quel, en 'application/octet-stream'.");
        }
        const file = await parser.parse(request.body);
        const report = await importSubscriptions(db, visitor.id, list.id, file);
        if (report.pending.length > 0) readPendingFeeds();
        return { ...report, notes: await importNotes(db, visitor.id, file.notes ?? []) };
      },
    );
  });

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get(
    '/api/visitor/subscriptions/export',
    { config: readLimit, schema: { tags, querystring: ExportQuery, response: { 200: SubscriptionsExportAnswer } } },
    async (request, reply) => {
      const visitor = await currentVisitor(db, request);
      const list = await listOf(visitor.id);
      const channels = (await channelsOfList(db, list.id)).map((c) => ({ youtubeId: c.youtubeId, name: c.name }));
      const extras = {
        groups: await groupsOf(db, visitor.id),
        plusTard: await videoIdsIn(db, visitor.id, 'plus tard'),
        masquees: await videoIdsIn(db, visitor.id, 'masquée'),
        notes: await exportedNotes(db, visitor.id),
      };
      const base = `abonnements-${list.name}`.replace(/[^\w.-]/g, '_');
      if (request.query.format === 'newpipe') {
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${base}-newpipe.json"`)
          .send(toNewPipeJson(channels, extras));
      }
      if (request.query.format === 'freetube') {
        return reply
          .type('application/x-ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="${base}-freetube.db"`)
          .send(toFreeTubeDb(channels, extras));
      }
      return reply
        .type('text/x-opml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}.opml"`)
        .send(toOpml(channels, list.name, extras));
    },
  );
}
