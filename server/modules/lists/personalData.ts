import type { Queryable } from '../../db/db';
import { dropConfirmations } from '../confirmations';

/**
 * The lists' personal data (issue 38): an address's contacts in every list (their fields) and
 * their consent events. Registered after the sources that unlink rows from contacts (mail,
 * automations), so that nothing points at a contact when it goes.
 */
export const listsPersonalData = {
  name: 'lists',
  tables: ['grp_rcp', 'grp_rcp_consent', 'confirmation'] as const,
  async export(tx: Queryable, email: string) {
    const contacts = await tx.query(
      `SELECT c.id, g.subject AS liste, c.email, c.firstname AS "prénom", c.lastname AS nom, c.phone AS "téléphone",
              c.origin AS origine, c.status AS statut, c.created AS "crééLe", c.last_modified AS "modifiéLe"
       FROM grp_rcp c JOIN grp g ON g.id = c.grp_id WHERE lower(c.email) = $1 ORDER BY c.id`,
      [email],
    );
    const consentements = await tx.query(
      `SELECT k.grp_rcp_id AS contact, g.subject AS liste, k.type, k.source, k.at AS le, k.ip, k.user_agent AS "navigateur", k.file AS fichier
       FROM grp_rcp_consent k JOIN grp_rcp c ON c.id = k.grp_rcp_id JOIN grp g ON g.id = c.grp_id
       WHERE lower(c.email) = $1 ORDER BY k.id`,
      [email],
    );
    return { contacts, consentements };
  },
  async erase(tx: Queryable, email: string) {
    const ids = (await tx.query<{ id: number }>(`SELECT id FROM grp_rcp WHERE lower(email) = $1`, [email])).map((row) => row.id);
    if (ids.length === 0) return { grp_rcp: 0, grp_rcp_consent: 0, confirmation: 0 };
    const confirmations = await tx.query(`SELECT id FROM confirmation WHERE kind = 'liste' AND subject_id = ANY($1::bigint[])`, [ids]);
    await dropConfirmations(tx, 'liste', ids);
    const consent = await tx.query(`DELETE FROM grp_rcp_consent WHERE grp_rcp_id = ANY($1::int[]) RETURNING id`, [ids]);
    const contacts = await tx.query(`DELETE FROM grp_rcp WHERE id = ANY($1::int[]) RETURNING id`, [ids]);
    return { grp_rcp: contacts.length, grp_rcp_consent: consent.length, confirmation: confirmations.length };
  },
};
