import type { Queryable } from '../../db/db';

/** The sign-in's personal data (issue 38): failed sign-ins counted by address. */
export const authPersonalData = {
  name: 'auth',
  tables: ['login_failure'] as const,
  async erase(tx: Queryable, email: string) {
    const rows = await tx.query(`DELETE FROM login_failure WHERE lower(email) = $1 RETURNING email`, [email]);
    return { login_failure: rows.length };
  },
};
