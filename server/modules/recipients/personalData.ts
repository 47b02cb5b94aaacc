import type { Queryable } from '../../db/db';

/** The recipients' personal data (issue 38): the address's rows among operators' recipients (and their social accounts). */
export const recipientsPersonalData = {
  name: 'recipients',
  tables: ['recipient'] as const,
  async erase(tx: Queryable, email: string) {
    const rows = await tx.query(`DELETE FROM recipient WHERE lower(email) = $1 RETURNING id`, [email]);
    return { recipient: rows.length };
  },
};
