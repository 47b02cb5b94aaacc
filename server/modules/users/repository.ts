import type { Queryable } from '../../db/db';
import { hashPassword } from '../../shared/passwords';

/** Creates the user unless the e-mail exists; an existing user keeps its password and roles. */
export async function ensureUser(db: Queryable, email: string, password: string, roles: string[]): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO app_user (email, password_hash, roles) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email.toLowerCase(), await hashPassword(password), JSON.stringify(roles)],
  );
  return rows.length > 0;
}

/**
 * Locks the active admins' rows and answers how many there are besides `userId`: two admins
 * demoting or deactivating each other at once are served one after the other, and the second
 * sees the first's change (read committed checks a locked row's condition again).
 */
export async function otherActiveAdmins(tx: Queryable, userId: number): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `SELECT id FROM app_user WHERE roles @> '["ROLE_ADMIN"]'::jsonb AND deactivated_at IS NULL ORDER BY id FOR UPDATE`,
  );
  return rows.filter((row) => row.id !== userId).length;
}

/** The tables whose rows a user owns and an admin may give to another (POST /api/users/{id}/transfert). */
const TRANSFERRED = ['grp', 'grp_rcp', 'delivery', 'mail_send', 'mail_schedule', 'automation'] as const;

/** Gives every list, contact, delivery, send, schedule and automation of `from` to `to`; answers the counts. */
export async function transferRows(tx: Queryable, from: number, to: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TRANSFERRED) {
    const [{ n }] = await tx.query<{ n: number }>(
      `WITH moved AS (UPDATE ${table} SET user_id = $2 WHERE user_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM moved`,
      [from, to],
    );
    counts[table] = n;
  }
  return counts;
}
