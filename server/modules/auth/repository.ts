import type { Queryable } from '../../db/db';

export interface Credentials {
  id: number;
  email: string;
  roles: string[];
  passwordHash: string;
  /** The TOTP secret when two-factor sign-in is on, else null (server-side only). */
  totpSecret: string | null;
}

export async function findCredentials(db: Queryable, email: string): Promise<Credentials | undefined> {
  const [row] = await db.query<Credentials>(
    // A deactivated user is no account: they cannot sign in nor reset a password.
    'SELECT id, email, roles, password_hash AS "passwordHash", totp_secret AS "totpSecret" FROM app_user WHERE email = $1 AND deactivated_at IS NULL',
    [email.toLowerCase()],
  );
  return row;
}

export async function setPassword(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE app_user SET password_hash = $1, last_modified = now() WHERE id = $2', [passwordHash, userId]);
}

/** Failed sign-ins older than this are forgotten. */
const FAILURE_MEMORY = "interval '15 minutes'";

/** Failed sign-ins an account takes without slowing down, then the first delay and the most. */
export const LOGIN_DELAY = { freeFailures: 3, firstMs: 250, maxMs: 4000 };

/**
 * How long a sign-in to an account waits after `failures` recent failures: nothing for the
 * first few, then doubling, bounded to a few seconds. A delay, never a refusal: whoever spends
 * an account's failures cannot lock its owner out (issue 25).
 */
export function loginDelayMs(failures: number): number {
  if (failures <= LOGIN_DELAY.freeFailures) return 0;
  return Math.min(LOGIN_DELAY.maxMs, LOGIN_DELAY.firstMs * 2 ** (failures - LOGIN_DELAY.freeFailures - 1));
}

/** Recent failed sign-ins to the account an e-mail names (known or not: both answer alike). */
export async function recentFailures(db: Queryable, email: string): Promise<number> {
  const [row] = await db.query<{ failures: number }>(
    `SELECT failures FROM login_failure WHERE email = $1 AND last_at > now() - ${FAILURE_MEMORY}`,
    [email],
  );
  return row?.failures ?? 0;
}

export async function recordFailure(db: Queryable, email: string): Promise<void> {
  await db.query(`DELETE FROM login_failure WHERE last_at < now() - ${FAILURE_MEMORY}`);
  await db.query(
    `INSERT INTO login_failure (email, failures, last_at) VALUES ($1, 1, now())
     ON CONFLICT (email) DO UPDATE SET failures = login_failure.failures + 1, last_at = now()`,
    [email],
  );
}

export async function forgetFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_failure WHERE email = $1', [email]);
}
