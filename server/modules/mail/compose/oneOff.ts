import type { SendMailOptions } from 'nodemailer';
import type { MessageContent } from '../messages';
import { withFormScripts } from './ampRating';

/**
 * The message a queued one-off message's content becomes: its parts, and the one-click
 * List-Unsubscribe headers (RFC 8058) and List-Id (RFC 2919) when its kind gives them.
 */
export function composeOneOff(
  content: MessageContent,
  envelope: { from: string; to: string; messageId: string },
): SendMailOptions {
  const { unsubscribe, listId } = content;
  return {
    from: envelope.from,
    to: envelope.to,
    subject: content.subject,
    text: content.text?.trim() ? content.text : undefined,
    html: content.html?.trim() ? content.html : undefined,
    amp: content.amp?.trim() ? withFormScripts(content.amp) : undefined,
    messageId: envelope.messageId,
    ...(listId ? { list: { id: { url: listId.id, comment: listId.name } } } : {}),
    headers: unsubscribe
      ? unsubscribe.oneClickUrl
        ? { 'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : { 'List-Unsubscribe': `<${unsubscribe.url}>` }
      : {},
  };
}
