import { validateAmp4Email } from '../../../shared/amp4email';
import type { AmpError, SendContent } from './render';

/**
 * The content as it may be sent: an AMP part that breaks the AMP4EMAIL rules is never sent
 * (mailboxes drop it silently, or worse); the send keeps its text and HTML and records why, each
 * error with its rule and line, for its report. The template is judged as Handlebars source: a
 * URL made of `{{…}}` is judged once rendered.
 */
export function sendableContent(content: SendContent): SendContent {
  if (!content.amp.trim()) return content;
  const errors = validateAmp4Email(content.amp, { handlebars: true });
  if (errors.length === 0) return content;
  const ampErrors: AmpError[] = errors.map(({ rule, line, column, message }) => ({ rule, line, column, message }));
  return { ...content, amp: '', ampErrors };
}
