import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { UnsubscribeAudience } from '../mail';
import { visitorsCopy as copy } from './copy';

/** The digest's audience in the one unsubscribe mechanism (mail's `/api/unsubscribe/…`). */
export const DIGEST_AUDIENCE = 'resume';

/** A visitor leaves the digest: `digest` becomes `aucun`. */
export const digestAudience: UnsubscribeAudience = {
  name: DIGEST_AUDIENCE,
  async find(db: Queryable, visitorId: number) {
    const [visitor] = await db.query<{ email: string; active: boolean }>(`SELECT email, digest <> 'aucun' AS active FROM visitor WHERE id = $1`, [visitorId]);
    return visitor ?? null;
  },
  async unsubscribe(db: Queryable, visitorId: number) {
    await db.query("UPDATE visitor SET digest = 'aucun' WHERE id = $1", [visitorId]);
  },
  copy: { question: copy.digestUnsubscribeQuestion, done: copy.digestUnsubscribeDone, already: copy.digestUnsubscribeAlready },
};

/**
 * The visitor a digest link of the first form names (`/api/visitor/digest/unsubscribe/{id}.{mac}`,
 * signed with the private feeds' secret): digests sent before the one mechanism carry it, and
 * it keeps working. New digests never carry it.
 */
export function verifyLegacyDigestToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(legacyDigestToken(secret, Number(match[1])));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(match[1]) : null;
}

/** How those first links were signed (the compatibility test makes one). */
export function legacyDigestToken(secret: string, visitorId: number): string {
  return `${visitorId}.${createHmac('sha256', secret).update(`visitor-digest-unsubscribe:${visitorId}`).digest('base64url')}`;
}
