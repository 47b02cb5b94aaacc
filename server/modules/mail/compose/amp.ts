import type { Amp4EmailError } from '../../../shared/amp4email';
import { AmpCheckAborted, validateAmp4EmailInThread } from '../../../shared/amp4email/thread';
import type { AmpError, SendContent } from './render';

/**
 * The content as it may be sent: an AMP part that breaks the AMP4EMAIL rules is never sent
 * (mailboxes drop it silently, or worse); the send keeps its text and HTML and records why, each
 * error with its rule and line, for its report. The template is judged as Handlebars source: a
 * URL made of `{{…}}` is judged once rendered. It is judged in the validation thread; one that
 * cannot be judged within its time limit is not valid either (its one error says so).
 */
export async function sendableContent(content: SendContent): Promise<SendContent> {
  if (!content.amp.trim()) return content;
  let errors: Amp4EmailError[];
  try {
    errors = await validateAmp4EmailInThread(content.amp, { handlebars: true });
  } catch (error) {
    if (!(error instanceof AmpCheckAborted)) throw error;
    errors = [{ rule: 'document-too-complex', line: 1, column: 1, message: error.message }];
  }
  if (errors.length === 0) return content;
  const ampErrors: AmpError[] = errors.map(({ rule, line, column, message }) => ({ rule, line, column, message }));
  return { ...content, amp: '', ampErrors };
}
