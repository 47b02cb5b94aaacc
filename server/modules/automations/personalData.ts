import type { Queryable } from '../../db/db';

const CONTACTS = `SELECT id FROM grp_rcp WHERE lower(email) = $1`;

/**
 * The automations' personal data (issue 38): an address's entries and the messages its steps
 * queued. An erasure unlinks them from the contact (a step's counters read these rows and their
 * recipients': they keep their numbers); an entry still running leaves ('sorti').
 */
export const automationsPersonalData = {
  name: 'automations',
  tables: ['automation_entry', 'automation_message', 'automation_intake'] as const,
  async export(tx: Queryable, email: string) {
    const automatisations = await tx.query(
      `SELECT a.name AS automatisation, e.entry_no AS "entrée", e.state AS "état", e.entered_at AS "entréeLe", e.left_at AS "sortieLe",
              (SELECT count(*)::int FROM automation_message m WHERE m.entry_id = e.id) AS messages
       FROM automation_entry e JOIN automation a ON a.id = e.automation_id
       WHERE e.grp_rcp_id IN (${CONTACTS}) ORDER BY e.id`,
      [email],
    );
    return { automatisations };
  },
  async erase(tx: Queryable, email: string) {
    const ids = (await tx.query<{ id: number }>(CONTACTS, [email])).map((row) => row.id);
    if (ids.length === 0) return { automation_entry: 0, automation_message: 0, automation_intake: 0 };
    const messages = await tx.query(`UPDATE automation_message SET grp_rcp_id = NULL WHERE grp_rcp_id = ANY($1::int[]) RETURNING id`, [ids]);
    const entries = await tx.query(
      `UPDATE automation_entry SET grp_rcp_id = NULL,
         state = CASE WHEN state = 'en cours' THEN 'sorti' ELSE state END,
         left_at = CASE WHEN state = 'en cours' THEN now() ELSE left_at END
       WHERE grp_rcp_id = ANY($1::int[]) RETURNING id`,
      [ids],
    );
    const intakes = await tx.query(
      `UPDATE automation_intake SET contact_ids = ARRAY(SELECT x FROM unnest(contact_ids) x WHERE NOT (x = ANY($1::int[])))
       WHERE contact_ids && $1::int[] RETURNING id`,
      [ids],
    );
    return { automation_entry: entries.length, automation_message: messages.length, automation_intake: intakes.length };
  },
};
