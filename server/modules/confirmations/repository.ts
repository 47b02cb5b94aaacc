import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';

/** A token's stored form: its SHA-256, so that the table alone confirms nothing. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface IssueConfirmation {
  kind: string;
  subjectId: number;
  ttlHours: number;
}

/**
 * Records a confirmation and answers its token (256 random bits, base64url). Call it with the
 * transaction that creates what it confirms, so that the two exist together or not at all.
 */
export async function issueConfirmation(tx: Queryable, { kind, subjectId, ttlHours }: IssueConfirmation): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `INSERT INTO confirmation (kind, subject_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision * 3600))`,
    [kind, subjectId, tokenHash(token), ttlHours],
  );
  return token;
}

/** The page that confirms: `{PUBLIC_URL}/confirmation/{token}`. */
export function confirmationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/confirmation/${encodeURIComponent(token)}`;
}

export interface StoredConfirmation {
  id: number;
  kind: string;
  subjectId: number;
  expired: boolean;
  used: boolean;
}

/** A token of one of `kinds`: a link of another kind (a password reset) is not this door's. */
export async function findConfirmation(db: Queryable, token: string, kinds: string[]): Promise<StoredConfirmation | null> {
  const [row] = await db.query<StoredConfirmation>(
    `SELECT id, kind, subject_id AS "subjectId", expires_at <= now() AS expired, used_at IS NOT NULL AS used
     FROM confirmation WHERE token_hash = $1 AND kind = ANY($2::text[])`,
    [tokenHash(token), kinds],
  );
  return row ?? null;
}

/** Marks a token of one of `kinds` used, once: answers it when this call used it, null when it was not usable. */
export async function useConfirmation(tx: Queryable, token: string, kinds: string[]): Promise<{ kind: string; subjectId: number } | null> {
  const [row] = await tx.query<{ kind: string; subjectId: number }>(
    `UPDATE confirmation SET used_at = now() WHERE token_hash = $1 AND kind = ANY($2::text[]) AND used_at IS NULL AND expires_at > now()
     RETURNING kind, subject_id AS "subjectId"`,
    [tokenHash(token), kinds],
  );
  return row ?? null;
}

/** Drops confirmations that can no longer serve (expired or used a day ago); answers how many. */
export async function purgeConfirmations(db: Queryable): Promise<number> {
  const rows = await db.query(
    `DELETE FROM confirmation WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day' RETURNING id`,
  );
  return rows.length;
}

/** Drops the links of subjects that are gone (contacts removed unconfirmed). */
export async function dropConfirmations(db: Queryable, kind: string, subjectIds: number[]): Promise<void> {
  await db.query('DELETE FROM confirmation WHERE kind = $1 AND subject_id = ANY($2::bigint[])', [kind, subjectIds]);
}
