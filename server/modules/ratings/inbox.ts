import type { Queryable } from '../../db/db';
import type { AmpRating } from '../mail';
import { saveRating } from './repository';
import type { RatingLabel } from './schemas';

/**
 * A rating posted from an e-mail's AMP form (issue 40): a digest's visitor rates as themself;
 * a list contact's rating is kept against their address (`video_rating.email`, recipient 0),
 * which is a visitor's own once they sign up with it. One rating per person, video and
 * criterion: the latest wins. False when the visitor no longer exists.
 */
export async function saveInboxRating(db: Queryable, rating: AmpRating): Promise<boolean> {
  let email = rating.email?.toLowerCase();
  let recipientId = 0;
  if (rating.visitorId !== undefined) {
    const [visitor] = await db.query<{ email: string }>('SELECT email FROM visitor WHERE id = $1', [rating.visitorId]);
    if (!visitor) return false;
    email = visitor.email.toLowerCase();
    recipientId = rating.visitorId;
  }
  if (!email) return false;
  for (const [label, value] of Object.entries(rating.ratings)) {
    await saveRating(db, {
      videoId: rating.videoId,
      videoUrl: `https://www.youtube.com/watch?v=${rating.videoId}`,
      label: label as RatingLabel,
      rating: value,
      email,
      recipientId,
    });
  }
  return true;
}
