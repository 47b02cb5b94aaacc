import { Type } from '@sinclair/typebox';
import { SimpleEmail } from '../../shared/schemas';

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
