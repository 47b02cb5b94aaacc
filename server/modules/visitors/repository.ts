import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';

/** Tokens are bearer secrets: only their hash is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface OptIn {
  email: string;
  optin: boolean;
  eventName: string;
  grpName: string;
  origin: string;
  twitter: string;
  data: Record<string, unknown>;
}

/** Records a sign-up and answers the new visitor's token (shown once, stored hashed). */
export async function recordOptIn(db: Queryable, optIn: OptIn): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name, origin, twitter, data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      optIn.email,
      hashToken(token),
      optIn.optin,
      optIn.eventName,
      optIn.grpName,
      optIn.origin,
      optIn.twitter,
      JSON.stringify(optIn.data),
    ],
  );
  return token;
}

export interface Visitor {
  id: number;
  email: string;
}

/** The visitor of a token: their sign-up's, or one a sign-in link gave another device. */
export async function findVisitorByToken(db: Queryable, token: string): Promise<Visitor | null> {
  const hash = hashToken(token);
  const [row] = await db.query<Visitor>(
    `SELECT id, email FROM visitor WHERE token_hash = $1
     UNION ALL SELECT v.id, v.email FROM visitor_token t JOIN visitor v ON v.id = t.visitor_id WHERE t.token_hash = $1
     LIMIT 1`,
    [hash],
  );
  return row ?? null;
}

/** The visitor account of an address (the first, when older sign-ups made several). */
export async function findVisitorByEmail(db: Queryable, email: string): Promise<Visitor | null> {
  const [row] = await db.query<Visitor>('SELECT id, email FROM visitor WHERE lower(email) = lower($1) ORDER BY id LIMIT 1', [email]);
  return row ?? null;
}

/** A new token for the visitor (another device signing in), shown once, stored hashed. */
export async function issueVisitorToken(db: Queryable, visitorId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO visitor_token (token_hash, visitor_id) VALUES ($1, $2)', [hashToken(token), visitorId]);
  return token;
}

export interface VisitorList {
  id: number;
  name: string;
  hashtags: string[];
}

export async function findVisitorList(db: Queryable, visitorId: number): Promise<VisitorList | null> {
  const [row] = await db.query<VisitorList>('SELECT id, name, hashtags FROM creator_list WHERE visitor_id = $1', [
    visitorId,
  ]);
  return row ?? null;
}

/** Creates the visitor's list; null when the name is taken. */
export async function createVisitorList(db: Queryable, visitorId: number, name: string): Promise<VisitorList | null> {
  const [row] = await db.query<VisitorList>(
    `INSERT INTO creator_list (name, visitor_id) VALUES ($1, $2)
     ON CONFLICT ((lower(name))) DO NOTHING RETURNING id, name, hashtags`,
    [name, visitorId],
  );
  return row ?? null;
}
