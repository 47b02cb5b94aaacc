import { apiUrl } from '../config/hosts';
import type { BugReport } from './bugReport';

export type SendOutcome = { reference: string } | { error: string | null };

/**
 * Sends a report to the team (`POST /api/rapports`), with the session's token when there is
 * one (the server then keeps the sender's own e-mail address). Answers the reference, or the
 * server's French refusal (null: no answer at all).
 */
export async function sendReport(report: BugReport, accessToken: string | null): Promise<SendOutcome> {
  try {
    const response = await fetch(apiUrl('/rapports'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
      body: JSON.stringify(report),
    });
    const answer = (await response.json().catch(() => ({}))) as { reference?: string; message?: string };
    if (response.ok && answer.reference) return { reference: answer.reference };
    return { error: answer.message ?? `HTTP ${response.status}` };
  } catch {
    return { error: null };
  }
}
