import { DEMO_ADMIN } from './demoUsers';
import { apiCall, signedIn } from './apiSession';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * A send planned through the real API server: a list of one contact, a template named
 * `Envoi {run}` with HTML and text, sent to it at `sendAt` (ISO 8601 with an offset).
 */
export async function plannedSend(sendAt: string) {
  const run = `planned-${Date.now().toString(36)}`;
  const auth = await signedIn(DEMO_ADMIN);
  const list = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject: `Liste ${run}` });
  await apiCall(auth, 'POST', '/grp_rcps', { email: 'ana@example.org', grp: list.id });
  const delivery = await apiCall<{ id: number }>(auth, 'POST', '/deliveries', {
    label: `Envoi ${run}`,
    internalname: run,
    category: run,
    subject: 'Bonjour',
    codeHtml: [b64('<p>Bonjour</p>')],
    codeText: [b64('Bonjour')],
  });
  const send = await apiCall<{ id: number }>(auth, 'POST', '/sendEmail', { delId: delivery.id, listId: list.id, sendAt });
  return { auth, run, listId: list.id, sendId: send.id };
}
