import { convert } from 'html-to-text';
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

/** A message made whole: a text part always (from the HTML when it has none). */
export function wholeMessage(message: SendMailOptions): SendMailOptions {
  const html = typeof message.html === 'string' ? message.html : undefined;
  if (!message.text && html?.trim()) return { ...message, text: textOf(html) };
  return message;
}
