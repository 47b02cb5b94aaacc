import type { Queryable } from '../../db/db';
import type { NewSuppression, Suppressed } from './types';

/**
 * An SQL condition, true when the address `email` (an SQL expression) is on the suppression list
 * of `owner` (an SQL expression of their user id): one probe of the (user_id, email) index. For
 * the statements that queue, claim or add contacts (docs/architecture.md, «Suppression list»).
 */
export const suppressedSql = (owner: string, email: string): string =>
  `EXISTS (SELECT 1 FROM suppression suppressed_address WHERE suppressed_address.user_id = ${owner} AND suppressed_address.email = lower(${email}))`;

/**
 * Adds addresses to their owners' lists in one statement; an address already there keeps its
 * first reason. Answers how many entered. The consent events of the owners' contacts with them
 * are written by the table's trigger (migration 1400_1), in the caller's transaction.
 */
export async function suppressAddresses(db: Queryable, entries: NewSuppression[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db.query(
    `INSERT INTO suppression (user_id, email, reason, source, added_by)
     SELECT DISTINCT ON (owner, lower(trim(email))) owner, lower(trim(email)), reason, source, added_by
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[]) WITH ORDINALITY AS x(owner, email, reason, source, added_by, n)
     WHERE trim(email) <> ''
     ORDER BY owner, lower(trim(email)), n
     ON CONFLICT (user_id, email) DO NOTHING
     RETURNING id`,
    [
      entries.map((entry) => entry.owner),
      entries.map((entry) => entry.email),
      entries.map((entry) => entry.reason),
      entries.map((entry) => entry.source),
      entries.map((entry) => entry.addedBy ?? null),
    ],
  );
  return rows.length;
}

/** The address's place on the list of the first of `owners` that holds it, or null. */
export async function suppressionOf(db: Queryable, owners: number[], email: string): Promise<Suppressed | null> {
  const [row] = await db.query<Suppressed>(
    `SELECT user_id AS owner, email, reason, at FROM suppression
     WHERE user_id = ANY($1::int[]) AND email = lower(trim($2))
     ORDER BY array_position($1::int[], user_id) LIMIT 1`,
    [owners, email],
  );
  return row ?? null;
}

/** Takes the address off its owner's list; false when it was not there. */
export async function removeSuppression(db: Queryable, owner: number, email: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM suppression WHERE user_id = $1 AND email = lower(trim($2)) RETURNING id', [owner, email]);
  return rows.length > 0;
}
