import type { ConfirmationKind } from '../confirmations';
import { publicClient, setConsentContext } from './consent';

/**
 * A list's double opt-in (issue 23): the contact `en attente` becomes active. A contact who is
 * no longer waiting (removed meanwhile, or already active) is left as it is.
 */
export const listeConfirmation: ConfirmationKind = {
  kind: 'liste',
  async label(db, subjectId) {
    const [row] = await db.query<{ email: string; list: string }>(
      'SELECT c.email, g.subject AS list FROM grp_rcp c JOIN grp g ON g.id = c.grp_id WHERE c.id = $1',
      [subjectId],
    );
    return row ? `L'abonnement de ${row.email} à la liste « ${row.list} »` : null;
  },
  async confirm(tx, subjectId, request) {
    await setConsentContext(tx, { source: 'message', ...publicClient(request) });
    const [row] = await tx.query<{ email: string; list: string; status: string }>(
      `WITH confirmed AS (
         UPDATE grp_rcp SET status = 'actif', last_modified = now() WHERE id = $1 AND status = 'en attente' RETURNING grp_id
       )
       SELECT c.email, g.subject AS list, CASE WHEN EXISTS (SELECT 1 FROM confirmed) THEN 'actif' ELSE c.status END AS status
       FROM grp_rcp c JOIN grp g ON g.id = c.grp_id WHERE c.id = $1`,
      [subjectId],
    );
    if (!row) return { confirmed: false };
    return { confirmed: row.status === 'actif', email: row.email, list: row.list };
  },
};
