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
    const [row] = await tx.query<{ email: string }>('SELECT email FROM visitor WHERE id = $1', [subjectId]);
    if (!row) return { connected: false };
    return { tokenAc: await issueVisitorToken(tx, subjectId), email: row.email };
  },
};
