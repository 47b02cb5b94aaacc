import { convert } from 'html-to-text';
import juice from 'juice';
import type { SendMailOptions } from 'nodemailer';

/** The text part made from the HTML one when a message has none (html-to-text: links kept as `text [url]`). */
export function textOf(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
}

/**
 * The HTML with its `<style>` rules inlined (many mail clients drop `<style>`), `@media` and
 * `@font-face` rules kept in a `<style>` of their own. A document juice cannot read is sent as
 * written.
 */
export function inlineCss(html: string): string {
  if (!/<style[\s>]/i.test(html)) return html;
  try {
    return juice(html, { preserveMediaQueries: true, preserveFontFaces: true, preserveImportant: true });
  } catch {
    return html;
  }
}

/**
 * A message made whole: a text part always (from the HTML when it has none), and an AMP part
 * only beside HTML or text (a lone `text/x-amp-html` part is not a message mailboxes show).
 */
export function wholeMessage(message: SendMailOptions): SendMailOptions {
  const html = typeof message.html === 'string' && message.html.trim() ? message.html : undefined;
  const text = typeof message.text === 'string' && message.text.trim() ? message.text : html ? textOf(html) : undefined;
  const amp = html || text ? message.amp : undefined;
  return { ...message, html, text, amp };
}
