import { simpleParser } from 'mailparser';
import type { BounceReport } from './bounces';

const ENHANCED = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const REPLY = /\b([45])\d\d\b/;

const field = (block: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t]+.*)*)`, 'im').exec(block)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * What a bounce message says, or null when it reports no failure (a delivery or relay
 * notice, an auto-reply, anything without a status code: an out-of-office reply must not
 * count against an address).
 *
 * RFC 3464 reports (`multipart/report; report-type=delivery-status`) are read from their
 * per-recipient fields (Action, Status, Diagnostic-Code); mailparser hands the
 * `message/delivery-status` part over as text. Plain bounce messages are read for an enhanced
 * status code (RFC 3463), else an SMTP reply code: 5 is permanent, 4 temporary.
 */
export async function readBounce(raw: Buffer | string): Promise<Omit<BounceReport, 'source'> | null> {
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true });
  const autoSubmitted = String(mail.headers.get('auto-submitted') ?? '').toLowerCase();
  const contentType = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const isReport =
    contentType?.value?.toLowerCase() === 'multipart/report' &&
    (contentType.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status';
  const text = (mail.text ?? '').replace(/\r\n/g, '\n');

  if (isReport) {
    // Per-recipient blocks carry Action; the first failed or delayed one is ours (one recipient a message).
    const blocks = text.split(/\n\s*\n/).filter((block) => /^Action:/im.test(block));
    for (const block of blocks) {
      const action = field(block, 'Action').toLowerCase();
      if (action !== 'failed' && action !== 'delayed') continue;
      const status = ENHANCED.exec(field(block, 'Status'))?.[0] ?? (action === 'failed' ? '5.0.0' : '4.0.0');
      const diagnostic = field(block, 'Diagnostic-Code').replace(/^smtp;\s*/i, '') || status;
      // A 'delayed' action is temporary whatever the status says.
      const kind = action === 'failed' && status.startsWith('5') ? 'hard' : 'soft';
      return { kind, status, diagnostic };
    }
    return null;
  }
  if (autoSubmitted === 'auto-replied') return null;
  const enhanced = ENHANCED.exec(text);
  const reply = REPLY.exec(text);
  const status = enhanced && enhanced[1] !== '2' ? enhanced[0] : reply?.[0];
  if (!status) return null;
  const line = text.split('\n').find((candidate) => candidate.includes(status))?.trim() ?? status;
  return { kind: status.startsWith('5') ? 'hard' : 'soft', status, diagnostic: line.slice(0, 1000) };
}
