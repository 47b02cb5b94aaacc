import type { RunningServer } from '../../e2e/support/apiServer';

/**
 * A bench's data made through the server's API, as an operator makes it: signing in, lists and
 * their contacts through the CSV import, deliveries, sends followed to `completed`.
 */

/** The demo admin, whom a first start creates. */
export const ADMIN = { email: 'admin@tgm.local', password: 'admin-tgm-2026' };

/** Signs in as the demo admin, as an operator would; answers the bearer token. */
export async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** One JSON call of the API, signed in; throws on anything but a 2xx. */
export async function api<T>(server: RunningServer, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new empty list; answers its id. */
export async function newList(server: RunningServer, token: string, subject = 'Bench'): Promise<number> {
  return (await api<{ id: number }>(server, token, 'POST', '/api/grps', { subject })).id;
}

/** A CSV file: a header line, then `count` rows. */
export function csvOf(header: string[], count: number, row: (i: number) => string[]): Buffer<ArrayBuffer> {
  const lines = [header.join(',')];
  for (let i = 0; i < count; i += 1) lines.push(row(i).join(','));
  return Buffer.from(lines.join('\n'));
}

/**
 * Posts a CSV to `POST /api/grps/{id}/import`, as the console's import does; throws unless
 * every one of its `expected` rows was added.
 */
export async function importCsv(server: RunningServer, token: string, listId: number, csv: Buffer<ArrayBuffer>, expected: number): Promise<void> {
  const response = await fetch(`${server.url}/api/grps/${listId}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const report = (await response.json()) as { added?: number };
  if (report.added !== expected) throw new Error(`import answered ${response.status} ${JSON.stringify(report)}`);
}

/** A new list of `contacts` contacts (c1@bench.example…), imported as a CSV; answers its id. */
export async function listOf(server: RunningServer, token: string, contacts: number): Promise<number> {
  const listId = await newList(server, token);
  await importCsv(server, token, listId, csvOf(['email', 'firstname'], contacts, (i) => [`c${i + 1}@bench.example`, `C${i + 1}`]), contacts);
  return listId;
}

/** What a bench's delivery holds: a subject, HTML and text (and AMP), placeholders unreplaced. */
export interface BenchContent {
  subject: string;
  html: string;
  text: string;
  amp?: string;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A delivery (a template) with this content; answers its id. */
export async function newDelivery(server: RunningServer, token: string, content: BenchContent): Promise<number> {
  const delivery = await api<{ id: number }>(server, token, 'POST', '/api/deliveries', {
    label: 'Bench',
    internalname: 'bench',
    subject: content.subject,
    codeHtml: [b64(content.html)],
    codeText: [b64(content.text)],
    ...(content.amp ? { codeAmp: content.amp } : {}),
  });
  return delivery.id;
}

/** Sends a delivery to a list (POST /api/sendEmail) and waits until the send reads `completed`. */
export async function sendAndWait(server: RunningServer, token: string, deliveryId: number, listId: number): Promise<void> {
  const send = await api<{ id: number }>(server, token, 'POST', '/api/sendEmail', { delId: deliveryId, listId });
  for (;;) {
    const view = await api<{ status: string }>(server, token, 'GET', `/api/sends/${send.id}`);
    if (view.status === 'completed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
