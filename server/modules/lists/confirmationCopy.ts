/** The kind of queued message a list's confirmation is (confirmationMessage.ts). */
export const LIST_CONFIRMATION_KIND = 'confirmation-liste';

/** The internal name of the template an admin writes to replace the built-in one. */
export const LIST_CONFIRMATION_TEMPLATE = 'confirmation-liste';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The built-in French confirmation message. */
export function listConfirmationCopy({ lien, liste, produit }: { lien: string; liste: string; produit: string }) {
  const subject = `Confirmez votre abonnement à « ${liste} »`;
  const text = [
    'Bonjour,',
    '',
    `Vous avez demandé à recevoir « ${liste} » (${produit}). Pour confirmer votre abonnement, ouvrez ce lien et cliquez sur le bouton « Je confirme » :`,
    '',
    lien,
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : vous ne recevrez rien d'autre.",
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">
<p>Bonjour,</p>
<p>Vous avez demandé à recevoir « ${escapeHtml(liste)} » (${escapeHtml(produit)}). Pour confirmer votre abonnement, ouvrez ce lien et cliquez sur le bouton « Je confirme » :</p>
<p><a href="${escapeHtml(lien)}" style="color: #0d47a1;">Confirmer mon abonnement</a></p>
<p style="color: #555;">Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : vous ne recevrez rien d'autre.</p>
</body></html>`;
  return { subject, text, html };
}
