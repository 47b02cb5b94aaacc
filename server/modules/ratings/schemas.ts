import { Type } from '@sinclair/typebox';
import { Answer, SimpleEmail } from '../../shared/schemas';

/** The three criteria of the video panel (spec §2.4), as the SPA labels and sends them. */
export const RATING_LABELS = ['Objectivité', 'Information', 'Motivation'] as const;
export type RatingLabel = (typeof RATING_LABELS)[number];

const VideoUrl = Type.String({ minLength: 1, maxLength: 2000 });

/** The rating payload of spec §3 and §7.6. */
export const RatingBody = Type.Object({
  label: Type.Union(RATING_LABELS.map((label) => Type.Literal(label))),
  videourl: VideoUrl,
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  email: SimpleEmail,
  recipientid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

export const RatingQuery = Type.Object({ videourl: VideoUrl });

// Answers.

const Label = Type.Union(RATING_LABELS.map((label) => Type.Literal(label)));

const Aggregates = Type.Array(
  Answer({ label: Label, average: Type.Union([Type.Number(), Type.Null()]), count: Type.Integer() }),
  { description: 'Moyenne et nombre de notes, par critère.' },
);

export const RatingSavedAnswer = Answer({
  label: Label,
  videourl: Type.String(),
  rating: Type.Integer(),
  recipientid: Type.Integer(),
  videoId: Type.String(),
  ratings: Aggregates,
});

export const RatingsAnswer = Answer({ videourl: Type.String(), videoId: Type.String(), ratings: Aggregates });

export const MyRatingsAnswer = Answer({
  videourl: Type.String(),
  videoId: Type.String(),
  mine: Type.Record(Type.String(), Type.Integer(), { description: 'Les notes du visiteur, par critère.' }),
});
