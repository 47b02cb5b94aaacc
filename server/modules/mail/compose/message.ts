import Handlebars from 'handlebars';
import type { SendMailOptions } from 'nodemailer';
import { languageCopy, type LanguageCopy } from './language';
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
  /** The send's public page: "Voir dans le navigateur" at the top of the HTML and text parts. */
  viewUrl?: string;
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

/** Right after `<body …>`, or at the start of a fragment. */
function afterBodyStart(document: string, addition: string): string {
  const match = /<body\b[^>]*>/i.exec(document);
  if (!match) return `${addition}${document}`;
  const at = match.index + match[0].length;
  return `${document.slice(0, at)}${addition}${document.slice(at)}`;
}

const viewLink = (url: string, words: LanguageCopy) =>
  `<p style="font-size:12px;color:#666666;text-align:center;margin:0 0 8px"><a href="${escape(url)}">${escape(words.viewInBrowser)}</a></p>`;

function beforeBodyEnd(document: string, addition: string): string {
  const at = document.search(/<\/body>(?![\s\S]*<\/body>)/i);
  return at < 0 ? `${document}\n${addition}` : `${document.slice(0, at)}${addition}${document.slice(at)}`;
}

const htmlFooter = (url: string, words: LanguageCopy, preferences?: string) =>
  `<p style="font-size:12px;color:#666666;text-align:center">${escape(words.footerHtmlQuestion)} ` +
  `<a href="${escape(url)}">${escape(words.footerLink)}</a>` +
  (preferences ? ` · <a href="${escape(preferences)}">${escape(words.footerPreferences)}</a>` : '') +
  '</p>';

/** The document's `<html lang>`: the delivery's language, whatever the template wrote. */
export function withHtmlLang(document: string, lang: string): string {
  return document.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const others = attributes.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
    return `<html${others} lang="${escape(lang)}">`;
  });
}

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
  const words = languageCopy(compiled.lang);
  const withLink = (part: 'html' | 'amp' | 'text') => {
    let body = part === 'text' ? parts[part] : withHtmlLang(parts[part], compiled.lang);
    if (!body.trim()) return undefined;
    // The send's public page, at the top of the parts a browser can show (not the AMP one: it is the interactive copy).
    if (envelope.viewUrl && part === 'text') body = `${words.viewInBrowser} : ${envelope.viewUrl}\n\n${body}`;
    if (envelope.viewUrl && part === 'html') body = afterBodyStart(body, viewLink(envelope.viewUrl, words));
    if (compiled.placesLink.has(part)) return body;
    const preferences = envelope.preferencesUrl;
    return part === 'text'
      ? `${body}\n\n${words.footerText} ${url}\n${preferences ? `${words.footerPreferences} : ${preferences}\n` : ''}`
      : beforeBodyEnd(body, htmlFooter(url, words, preferences));
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
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Content-Language': compiled.lang,
    },
  };
}
