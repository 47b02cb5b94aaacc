import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';
import { VideoAnswer } from '../videos';

/** A week: longer than any video or stream YouTube keeps whole. */
export const LONGEST_VIDEO_SECONDS = 7 * 24 * 3600;

export const HistoryBody = Type.Object(
  {
    position: Type.Number({ minimum: 0, maximum: LONGEST_VIDEO_SECONDS, description: 'Secondes écoulées dans la vidéo.' }),
    duration: Type.Number({ exclusiveMinimum: 0, maximum: LONGEST_VIDEO_SECONDS, description: 'Durée de la vidéo, en secondes.' }),
  },
  { additionalProperties: false },
);

const HistoryEntryAnswer = Answer({
  videoId: Type.String(),
  position: Type.Number(),
  duration: Type.Number(),
  finished: Type.Boolean({ description: 'Vue au-delà de 90 % : comptée comme vue.' }),
  watchedAt: Type.String({ format: 'date-time' }),
  video: VideoAnswer,
});

export const HistoryAnswer = Answer({ history: Type.Array(HistoryEntryAnswer) });


