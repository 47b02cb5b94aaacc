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
