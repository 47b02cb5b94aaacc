import { createHmac, randomBytes } from 'node:crypto';
import { Feed } from 'feed';
import type { Queryable } from '../../db/db';
import type { VideoJson } from '../videos';
import { hashToken } from './repository';

/**
 * A visitor's private Atom feed lives at `/api/visitor/feed/{key}`: 256 bits of HMAC-SHA256 over
 * the visitor's id and a random nonce of 128 bits, with the install's own secret. The database
 * keeps the nonce and the key's SHA-256 (what a request is looked up by), never the key: the
 * visitor's space shows the address again (the key is derived anew), and renewing draws a new
 * nonce, which retires the old address.
 */
const FEED_PATH = '/api/visitor/feed/';

/** Where the key travels: the logs redact it (app.ts). */
export const FEED_KEY_PATTERN = '^[A-Za-z0-9_-]{43}$';

async function loadSecret(db: Queryable): Promise<string> {
  await db.query('INSERT INTO visitor_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('base64url')]);
  const [row] = await db.query<{ secret: string }>('SELECT secret FROM visitor_secret WHERE id = 1');
  return row.secret;
}

/** The install's secret, read once per database (a test app has its own). */
const secrets = new WeakMap<object, Promise<string>>();
export function secretOf(db: Queryable): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadSecret(db).catch((error: unknown) => {
      secrets.delete(db);
      throw error;
    });
    secrets.set(db, secret);
  }
  return secret;
}

const keyOf = (secret: string, visitorId: number, nonce: string) =>
  createHmac('sha256', secret).update(`visitor-feed:${visitorId}:${nonce}`).digest('base64url');

export const feedUrlOf = (origin: string, key: string) => `${origin}${FEED_PATH}${key}`;

/** The visitor's feed key; draws its nonce on first use (or always, to renew). */
export async function feedKey(db: Queryable, visitorId: number, renew = false): Promise<string> {
  const secret = await secretOf(db);
  const nonce = randomBytes(16).toString('base64url');
  const key = keyOf(secret, visitorId, nonce);
  const [row] = await db.query<{ nonce: string }>(
    `UPDATE visitor SET feed_nonce = $2, feed_hash = $3 WHERE id = $1 AND ($4 OR feed_nonce IS NULL) RETURNING feed_nonce AS nonce`,
    [visitorId, nonce, hashToken(key), renew],
  );
  if (row) return key;
  const [current] = await db.query<{ nonce: string }>('SELECT feed_nonce AS nonce FROM visitor WHERE id = $1', [visitorId]);
  return keyOf(secret, visitorId, current.nonce);
}

/** The visitor a feed key names, or null. */
export async function visitorOfFeedKey(db: Queryable, key: string): Promise<{ id: number; email: string } | null> {
  const [row] = await db.query<{ id: number; email: string }>('SELECT id, email FROM visitor WHERE feed_hash = $1', [hashToken(key)]);
  return row ?? null;
}

/** The Atom document of the videos, each linking to the product's own page of the video. */
export function atomOf(videos: VideoJson[], { origin, selfUrl, listName, productName }: { origin: string; selfUrl: string; listName: string; productName: string }): string {
  const feed = new Feed({
    id: selfUrl,
    title: `${productName} — ${listName}`,
    description: `Les dernières vidéos des créateurs que vous suivez sur ${productName}.`,
    link: `${origin}/userPage`,
    language: 'fr',
    updated: videos[0] ? new Date(videos[0].created) : new Date(0),
    generator: productName,
    copyright: '',
    feedLinks: { atom: selfUrl },
  });
  for (const video of videos) {
    const link = `${origin}/liste/${encodeURIComponent(listName)}?v=${encodeURIComponent(video.id)}`;
    feed.addItem({
      id: `yt:video:${video.id}`,
      title: video.youtube_titre,
      link,
      date: new Date(video.created),
      published: new Date(video.created),
      author: [{ name: video.youtube_name, link: video.youtube_lien }],
      ...(video.img_lien ? { image: video.img_lien } : {}),
      description: video.youtube_name,
    });
  }
  return feed.atom1();
}
