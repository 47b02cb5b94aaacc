import type { ConfirmationKind } from '../confirmations';
import { issueVisitorToken } from './repository';

/**
 * A visitor's sign-in link on another device (issue 24): the button's POST hands that browser
 * a token of its own for the visitor (`{ tokenAc, email }`); the other devices keep theirs.
 */
export const connexionConfirmation: ConfirmationKind = {
  kind: 'connexion',
  fallbackLabel: 'Votre connexion sur cet appareil',
  async label(db, subjectId) {
    const [row] = await db.query<{ email: string }>('SELECT email FROM visitor WHERE id = $1', [subjectId]);
    return row ? `La connexion de ${row.email} sur cet appareil` : null;
  },
  async confirm(tx, subjectId) {
    // The link reached that address and its button was pressed: the address is proven, as
    // by the confirmation link (a digest asked before needs no second confirmation).
    const [row] = await tx.query<{ email: string }>(
      'UPDATE visitor SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1 RETURNING email',
      [subjectId],
    );
    if (!row) return { connected: false };
    return { tokenAc: await issueVisitorToken(tx, subjectId), email: row.email };
  },
};
