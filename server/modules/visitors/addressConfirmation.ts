import type { ConfirmationKind } from '../confirmations';

/** A visitor's address, confirmed before any digest is sent to it (issue 24). */
export const visiteurConfirmation: ConfirmationKind = {
  kind: 'visiteur',
  fallbackLabel: 'Votre adresse e-mail',
  async label(db, subjectId) {
    const [row] = await db.query<{ email: string }>('SELECT email FROM visitor WHERE id = $1', [subjectId]);
    return row ? `L'adresse ${row.email}, pour recevoir le résumé des nouvelles vidéos` : null;
  },
  async confirm(tx, subjectId) {
    const [row] = await tx.query<{ email: string }>(
      'UPDATE visitor SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1 RETURNING email',
      [subjectId],
    );
    return row ? { confirmed: true, email: row.email } : { confirmed: false };
  },
};
