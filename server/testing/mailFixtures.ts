import type { TestApp } from './testApp';

type Headers = { authorization: string };

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A valid AMP for e-mail document around `body` (the required markup of AMP4EMAIL). */
export const ampDocument = (body: string, head = '') =>
  '<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8">' +
  '<script async src="https://cdn.ampproject.org/v0.js"></script>' +
  `<style amp4email-boilerplate>body{visibility:hidden}</style>${head}</head><body>${body}</body></html>`;

/** A template with HTML, text and (optionally) AMP code, through the API. */
export async function makeDelivery(
  t: TestApp,
  headers: Headers,
  code: { subject?: string; html?: string; text?: string; amp?: string; properties?: unknown; user?: number } = {},
): Promise<number> {
  const response = await t.call('POST', '/api/deliveries', headers, {
    label: 'Lettre',
    internalname: `lettre-${Math.random().toString(36).slice(2, 10)}`,
    subject: code.subject ?? 'Bonjour {{firstname}}',
    codeHtml: [b64(code.html ?? '<html><body><p>Bonjour {{firstname}} {{lastname}}</p></body></html>')],
    codeText: [b64(code.text ?? 'Bonjour {{firstname}} {{lastname}}')],
    ...(code.amp === undefined ? {} : { codeAmp: code.amp }),
    ...(code.properties === undefined ? {} : { properties: code.properties }),
    ...(code.user === undefined ? {} : { user: code.user }),
  });
  if (response.statusCode !== 201) throw new Error(`delivery not created: ${response.body}`);
  return response.json().id;
}

/**
 * Writes a delivery's code to its row as it stands, past the API's checks: code saved before a
 * rule existed (an AMP-only or invalid AMP code, which saving now refuses).
 */
export async function storeCodeAsWritten(t: TestApp, delId: number, code: { html?: string; text?: string; amp?: string }): Promise<void> {
  await t.db.query('UPDATE delivery SET code_html = $2, code_text = $3, code_amp = $4 WHERE id = $1', [
    delId,
    JSON.stringify([b64(code.html ?? '')]),
    JSON.stringify([b64(code.text ?? '')]),
    code.amp ?? null,
  ]);
}

/** A list through the API, its contacts inserted in bulk (n of them, `contact-{i}@example.org`) or listed. */
export async function makeList(
  t: TestApp,
  headers: Headers,
  contacts: number | { email: string; firstname?: string; lastname?: string }[],
): Promise<number> {
  const list = await t.call('POST', '/api/grps', headers, { subject: 'Abonnés' });
  if (list.statusCode !== 201) throw new Error(`list not created: ${list.body}`);
  const { id, user } = list.json();
  if (typeof contacts === 'number') {
    await t.db.query(
      `INSERT INTO grp_rcp (grp_id, user_id, email, firstname, lastname)
       SELECT $1, $2, 'contact-' || n || '@example.org', 'Prénom' || n, 'Nom' || n FROM generate_series(1, $3) AS n`,
      [id, user, contacts],
    );
  } else {
    for (const contact of contacts) {
      const added = await t.call('POST', '/api/grp_rcps', headers, { ...contact, grp: id });
      if (added.statusCode !== 201) throw new Error(`contact not added: ${added.body}`);
    }
  }
  return id;
}

export async function startSend(t: TestApp, headers: Headers, delId: number, listId: number) {
  const response = await t.call('POST', '/api/sendEmail', headers, { delId, listId });
  if (response.statusCode !== 202) throw new Error(`send not started: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; total: number; status: string };
}

export interface SendView {
  id: number;
  status: string;
  total: number;
  sent: number;
  failed: number;
  pending: number;
  skipped: number;
  cancelled: number;
  failures: { email: string; reason: string }[];
}

export async function getSend(t: TestApp, headers: Headers, id: number): Promise<SendView> {
  return (await t.app.inject({ url: `/api/sends/${id}`, headers })).json();
}

/** Polls the send until `until` holds (by default: it completed). */
export async function waitForSend(
  t: TestApp,
  headers: Headers,
  id: number,
  until: (view: SendView) => boolean = (view) => view.status === 'completed',
  timeoutMs = 30_000,
): Promise<SendView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await getSend(t, headers, id);
    if (until(view)) return view;
    if (Date.now() > deadline) throw new Error(`send ${id} did not get there: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
