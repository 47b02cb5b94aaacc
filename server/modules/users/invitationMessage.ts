import { escapeHtml as esc } from '../../shared/html';
import { issueConfirmation } from '../confirmations';
import type { MessageContent, MessageContext, MessageKind, QueuedMessage } from '../mail';
import { usersCopy as copy } from './copy';

/** The kind of single-use link an invitation carries (the confirmations' table keeps it). */
export const INVITATION_LINK = 'invitation';

/** `{PUBLIC_URL}/invitation/{token}`: the page where the invited person chooses a password. */
export const invitationUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/invitation/${encodeURIComponent(token)}`;

/**
 * The token is drawn when the message is composed, never stored in clear (not in the queue's
 * payload either), as the password reset's is (auth/passwordResetMessage.ts).
 */
async function compose(ctx: MessageContext, message: QueuedMessage): Promise<MessageContent | null> {
  const userId = Number(message.payload.userId);
  const ttlHours = Number(message.payload.ttlHours);
  const [user] = await ctx.db.query<{ email: string }>(
    'SELECT email FROM app_user WHERE id = $1 AND invited_at IS NOT NULL AND deactivated_at IS NULL',
    [userId],
  );
  // Accepted, deactivated or renamed since: nothing to send.
  if (!user || user.email.toLowerCase() !== message.to.toLowerCase()) return null;
  const token = await issueConfirmation(ctx.db, { kind: INVITATION_LINK, subjectId: userId, ttlHours });
  const url = invitationUrl(ctx.publicUrl, token);
  const intro = copy.invitationIntro(ctx.productName);
  const outro = copy.invitationOutro(ttlHours);
  return {
    subject: copy.invitationSubject(ctx.productName),
    html: `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
<p>${esc(intro)}</p>
<p><a href="${esc(url)}" style="display:inline-block;padding:12px 20px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${esc(copy.invitationAction)}</a></p>
<p style="color:#555">${esc(outro)}</p>
</body></html>`,
    text: `${intro}\n\n${copy.invitationAction} : ${url}\n\n${outro}\n`,
    unsubscribe: null,
  };
}

/** An invitation to the console: a link to choose a password and sign in. */
export const invitationMessage: MessageKind = { kind: 'invitation', compose };
