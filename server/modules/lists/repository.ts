import type { Queryable } from '../../db/db';

export interface ListCounts {
  /** Active contacts now. */
  count: number;
  /** Every contact the list has had, active or not: what it started from before unsubscribes. */
  countStart: number;
}

export async function countContacts(db: Queryable, grpId: number): Promise<ListCounts> {
  const [row] = await db.query<ListCounts>(
    `SELECT count(*) FILTER (WHERE actif = 1)::int AS count, count(*)::int AS "countStart"
     FROM grp_rcp WHERE grp_id = $1`,
    [grpId],
  );
  return row;
}

export async function findContactByEmail(db: Queryable, grpId: number, email: string) {
  const [row] = await db.query<{ id: number; actif: number }>(
    'SELECT id, actif FROM grp_rcp WHERE grp_id = $1 AND lower(email) = lower($2)',
    [grpId, email],
  );
  return row;
}
