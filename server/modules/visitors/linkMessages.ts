import { escapeHtml as esc } from '../../shared/html';
import { confirmationUrl, issueConfirmation } from '../confirmations';
import type { MessageContent, MessageContext, MessageKind, QueuedMessage } from '../mail';
import { visitorsCopy as copy } from './copy';

/** A sign-in or confirmation link stays usable this long. */
const LINK_TTL_HOURS = 24;

/**
 * The token is drawn when the message is composed, never stored in clear (not in the queue's
 * payload either): a retry draws another, and the earlier one, never delivered, expires.
 */
async function linkMessage(
  ctx: MessageContext,
  message: QueuedMessage,
  kind: 'connexion' | 'visiteur',
  words: { subject: string; intro: string; action: string; outro: string },
): Promise<MessageContent | null> {
  const visitorId = Number(message.payload.visitorId);
  const [visitor] = await ctx.db.query<{ email: string; confirmed: boolean }>(
    'SELECT email, email_confirmed_at IS NOT NULL AS confirmed FROM visitor WHERE id = $1',
    [visitorId],
  );
  if (!visitor || visitor.email.toLowerCase() !== message.to.toLowerCase()) return null;
  if (kind === 'visiteur' && visitor.confirmed) return null;
  const url = confirmationUrl(ctx.publicUrl, await issueConfirmation(ctx.db, { kind, subjectId: visitorId, ttlHours: LINK_TTL_HOURS }));
  return {
    subject: words.subject,
    html: `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
<p>${esc(words.intro)}</p>
<p><a href="${esc(url)}" style="display:inline-block;padding:12px 20px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${esc(words.action)}</a></p>
<p style="color:#555">${esc(words.outro)}</p>
</body></html>`,
    text: `${words.intro}\n\n${words.action} : ${url}\n\n${words.outro}\n`,
    unsubscribe: null,
  };
}

/** A visitor's sign-in link on another device (a second sign-up with their address). */
export const visitorSignInMessage: MessageKind = {
  kind: 'visiteur-connexion',
  compose: (ctx, message) =>
    linkMessage(ctx, message, 'connexion', {
      subject: copy.signInSubject(ctx.productName),
      intro: copy.signInIntro(ctx.productName, message.to),
      action: copy.signInAction,
      outro: copy.signInOutro,
    }),
};

/** A visitor's address confirmation, asked before the first digest. */
export const visitorConfirmationMessage: MessageKind = {
  kind: 'visiteur-confirmation',
  compose: (ctx, message) =>
    linkMessage(ctx, message, 'visiteur', {
      subject: copy.confirmSubject(ctx.productName),
      intro: copy.confirmIntro(ctx.productName),
      action: copy.confirmAction,
      outro: copy.confirmOutro,
    }),
};
