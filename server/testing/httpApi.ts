import { b64 } from './mailFixtures';

/** What the process-level tests read of the API's answers. */
export interface Answer {
  id: number;
  token: string;
  total: number;
  status: string;
  sent: number;
  failed: number;
  pending: number;
}

/**
 * The API of a server running in a process of its own, over HTTP, as a browser calls it;
 * an answer of 300 or more throws with its body.
 */
export function httpApi(base: string) {
  const call = async (token: string | null, method: string, url: string, body?: unknown, type = 'application/json') => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const json = (await response.json()) as Answer;
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    call,
    login: async (email = 'admin@tgm.local', password = 'admin-tgm-2026') =>
      (await call(null, 'POST', '/api/login_check', { email, password })).token,
    /** A template and a list of `contacts` contacts (`c{n}@example.org`, imported as CSV), ready to send. */
    async prepareSend(token: string, name: string, contacts: number) {
      const delivery = await call(token, 'POST', '/api/deliveries', {
        label: name,
        internalname: name,
        subject: 'Bonjour {{firstname}}',
        codeHtml: [b64('<p>Bonjour {{firstname}}</p>')],
        codeText: [b64('Bonjour {{firstname}}')],
      });
      const list = await call(token, 'POST', '/api/grps', { subject: name });
      const rows = Array.from({ length: contacts }, (_, i) => `c${i + 1}@example.org,C${i + 1}`);
      await call(token, 'POST', `/api/grps/${list.id}/import`, ['email,firstname', ...rows].join('\n'), 'text/csv');
      return { delId: delivery.id, listId: list.id };
    },
  };
}
