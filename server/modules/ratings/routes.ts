import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { checkAuthor, currentVisitor } from '../visitors';
import { ratingAggregates, ratingsBy, saveRating } from './repository';
import { MyRatingsAnswer, RatingBody, RatingQuery, RatingSavedAnswer, RatingsAnswer } from './schemas';
import { youtubeVideoId } from './videoUrl';

function videoIdOf(videourl: string): string {
  const id = youtubeVideoId(videourl);
  if (!id) throw badRequest('videourl', "Le champ 'videourl' n'est pas l'adresse d'une vidéo YouTube.");
  return id;
}

/** A visitor's rating of a video (spec §7.6), and each video's averages. */
export const ratingsRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, config }) => {
  const writeLimit = { rateLimit: { max: config.publicWriteRateLimit, timeWindow: '1 minute' } };
  const readLimit = { rateLimit: { max: config.publicReadRateLimit, timeWindow: '1 minute' } };
  const tags = ['ratings'];

  app.post('/api/video/rating', { config: writeLimit, schema: { tags, body: RatingBody, response: { 200: RatingSavedAnswer, 201: RatingSavedAnswer } } }, async (request, reply) => {
    const { label, videourl, rating, email, recipientid } = request.body;
    const videoId = videoIdOf(videourl);
    await checkAuthor(db, request, email);
    const created = await saveRating(db, {
      videoId,
      videoUrl: videourl,
      label,
      rating,
      email: email.toLowerCase(),
      recipientId: recipientid,
    });
    return reply
      .code(created ? 201 : 200)
      .send({ label, videourl, rating, recipientid, videoId, ratings: await ratingAggregates(db, videoId) });
  });

  app.get('/api/video/rating', { config: readLimit, schema: { tags, querystring: RatingQuery, response: { 200: RatingsAnswer } } }, async (request) => {
    const { videourl } = request.query;
    const videoId = videoIdOf(videourl);
    return { videourl, videoId, ratings: await ratingAggregates(db, videoId) };
  });

  // The visitor's own stars, read with their sign-up token: an e-mail alone would show anyone's.
  app.get('/api/video/rating/mine', { config: readLimit, schema: { tags, querystring: RatingQuery, response: { 200: MyRatingsAnswer } } }, async (request) => {
    const visitor = await currentVisitor(db, request);
    const { videourl } = request.query;
    const videoId = videoIdOf(videourl);
    return { videourl, videoId, mine: await ratingsBy(db, videoId, visitor.email) };
  });
};
