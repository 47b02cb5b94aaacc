import Handlebars from 'handlebars';
import type { SendMailOptions } from 'nodemailer';
import { copy } from '../copy';
import type { CompiledContent, Contact } from './render';
import { trackHtml, type Tracker } from '../tracking';

export interface Envelope {
  from: string;
  messageId: string;
  unsubscribeUrl: string;
  /** The contact's preference page: its link sits beside the unsubscribe one in the footer (issue 37). */
  preferencesUrl?: string;
  subjectPrefix?: string;
  /** The envelope sender (Return-Path), a VERP address; unset, the From address. */
  returnPath?: string;
  /** Rewrites links and adds the open image when the content is tracked. */
  tracker?: Tracker;
}

const escape = Handlebars.escapeExpression;

/** The domain of the From address, which Message-IDs use. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'localhost';
}

/**
 * One Message-ID per (send, contact) and install: a message sent again after a crash carries
 * the same id, so it can be recognised as the same message, and no other install makes it.
 */
export const sendMessageId = (sendId: number, contactId: number, installId: string, domain: string) =>
  `<send-${sendId}.contact-${contactId}.${installId}@${domain}>`;

function beforeBodyEnd(document: string, addition: string): string {
  const at = document.search(/<\/body>(?![\s\S]*<\/body>)/i);
  return at < 0 ? `${document}\n${addition}` : `${document.slice(0, at)}${addition}${document.slice(at)}`;
}

const htmlFooter = (url: string, preferences?: string) =>
  `<p style="font-size:12px;color:#666666;text-align:center">${escape(copy.footerHtmlQuestion)} ` +
  `<a href="${escape(url)}">${escape(copy.footerLink)}</a>` +
  (preferences ? ` · <a href="${escape(preferences)}">${escape(copy.footerPreferences)}</a>` : '') +
  '</p>';

/**
 * The message a contact receives: text, HTML and AMP parts (those the delivery has), each with
 * the unsubscribe link unless the template places `{{unsubscribeUrl}}` itself, and the one-click
 * List-Unsubscribe headers (RFC 8058).
 */
export function composeMessage(
  compiled: CompiledContent,
  contact: Contact,
  envelope: Envelope,
  /** The parts already rendered for this contact and link, when the caller needed them first. */
  rendered?: ReturnType<CompiledContent['render']>,
): SendMailOptions {
  const parts = rendered ?? compiled.render(contact, { unsubscribeUrl: envelope.unsubscribeUrl, preferencesUrl: envelope.preferencesUrl });
  if (compiled.tracking && envelope.tracker && parts.html.trim()) parts.html = trackHtml(parts.html, envelope.tracker);
  const url = envelope.unsubscribeUrl;
  const withLink = (part: 'html' | 'amp' | 'text') => {
    const body = parts[part];
    if (!body.trim()) return undefined;
    if (compiled.placesLink.has(part)) return body;
    const preferences = envelope.preferencesUrl;
    return part === 'text'
      ? `${body}\n\n${copy.footerText} ${url}\n${preferences ? `${copy.footerPreferences} : ${preferences}\n` : ''}`
      : beforeBodyEnd(body, htmlFooter(url, preferences));
  };
  return {
    from: envelope.from,
    to: contact.email,
    subject: `${envelope.subjectPrefix ?? ''}${parts.subject}`,
    text: withLink('text'),
    html: withLink('html'),
    amp: withLink('amp'),
    messageId: envelope.messageId,
    ...(envelope.returnPath ? { envelope: { from: envelope.returnPath, to: contact.email } } : {}),
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
