import { escapeHtml as esc } from '../../shared/html';
import { issueConfirmation } from '../confirmations';
import type { MessageContent, MessageContext, MessageKind, QueuedMessage } from '../mail';
import { authCopy as copy } from './copy';

/** The kind of single-use link a reset message carries (the confirmations' table keeps it). */
export const PASSWORD_RESET_LINK = 'mot-de-passe';

/** `{PUBLIC_URL}/mot-de-passe/{token}`: the page where the new password is chosen. */
export const passwordResetUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/mot-de-passe/${encodeURIComponent(token)}`;

/**
 * The token is drawn when the message is composed, never stored in clear (not in the queue's
 * payload either): a retry draws another, and the earlier one, never delivered, expires.
 */
async function compose(ctx: MessageContext, message: QueuedMessage): Promise<MessageContent | null> {
  const userId = Number(message.payload.userId);
  const ttlMinutes = Number(message.payload.ttlMinutes);
  const [user] = await ctx.db.query<{ email: string }>('SELECT email FROM app_user WHERE id = $1', [userId]);
  // The account went, or its address changed, since the request: nothing to send.
  if (!user || user.email.toLowerCase() !== message.to.toLowerCase()) return null;
  const token = await issueConfirmation(ctx.db, { kind: PASSWORD_RESET_LINK, subjectId: userId, ttlHours: ttlMinutes / 60 });
  const url = passwordResetUrl(ctx.publicUrl, token);
  const intro = copy.resetIntro(ctx.productName);
  const outro = copy.resetOutro(ttlMinutes);
  return {
    subject: copy.resetSubject(ctx.productName),
    html: `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
<p>${esc(intro)}</p>
<p><a href="${esc(url)}" style="display:inline-block;padding:12px 20px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${esc(copy.resetAction)}</a></p>
<p style="color:#555">${esc(outro)}</p>
</body></html>`,
    text: `${intro}\n\n${copy.resetAction} : ${url}\n\n${outro}\n`,
    unsubscribe: null,
  };
}

/** « Mot de passe oublié ? »: a link to choose a new password. */
export const passwordResetMessage: MessageKind = { kind: 'mot-de-passe', compose };
