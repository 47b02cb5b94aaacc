import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db';
import { badRequest, notFound } from '../../shared/errors';
import { deleteHistory, historyOf, savePosition, videoExists } from './history';
import { HistoryAnswer, HistoryBody } from './historySchemas';
import { VideoParams } from './schemas';
import { currentVisitor } from './visitorAuth';

type RouteLimit = { rateLimit: { max: number; timeWindow: string } };

const noContent = Type.Null({ description: 'Fait.' });

/**
 * The visitor's history (issue 42): where they stopped in each video, to resume there on any
 * device. Only the token's visitor reads or changes it.
 */
export function registerHistoryRoutes(app: FastifyInstance, { db, writeLimit, readLimit }: { db: Db; writeLimit: RouteLimit; readLimit: RouteLimit }): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['visitors'];

  typed.get('/api/visitor/history', { config: readLimit, schema: { tags, response: { 200: HistoryAnswer } } }, async (request) => {
    const visitor = await currentVisitor(db, request);
    return { history: await historyOf(db, visitor.id) };
  });

  typed.put(
    '/api/visitor/history/:videoId',
    { config: writeLimit, schema: { tags, params: VideoParams, body: HistoryBody, response: { 204: noContent } } },
    async (request, reply) => {
      const visitor = await currentVisitor(db, request);
      const { videoId } = request.params;
      const { position, duration } = request.body;
      if (position > duration) throw badRequest('position', "Le champ 'position' dépasse la durée de la vidéo ('duration').");
      if (!(await videoExists(db, videoId))) throw badRequest('videoId', `La vidéo « ${videoId} » est inconnue.`);
      await savePosition(db, visitor.id, videoId, position, duration);
      return reply.code(204).send(null);
    },
  );

  typed.delete(
    '/api/visitor/history/:videoId',
    { config: writeLimit, schema: { tags, params: VideoParams, response: { 204: noContent } } },
    async (request, reply) => {
      const visitor = await currentVisitor(db, request);
      if ((await deleteHistory(db, visitor.id, request.params.videoId)) === 0) throw notFound("Vidéo de l'historique");
      return reply.code(204).send(null);
    },
  );

  typed.delete('/api/visitor/history', { config: writeLimit, schema: { tags, response: { 204: noContent } } }, async (request, reply) => {
    const visitor = await currentVisitor(db, request);
    await deleteHistory(db, visitor.id, null);
    return reply.code(204).send(null);
  });
}
