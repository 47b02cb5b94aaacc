import type { FastifyInstance } from 'fastify';

export type Headers = Record<string, string>;

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, read by each test
  body: any;
  text: string;
}

/** One call to the app, its JSON (or nothing) read. */
export async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, headers: Headers = {}, payload?: unknown): Promise<Answer> {
  const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = /json/.test(String(response.headers['content-type'] ?? '')) && response.body;
  return { status: response.statusCode, body: json ? response.json() : null, text: response.body };
}

/** A new visitor (their token's headers), with a list named `listName` when one is given. */
export async function newVisitor(app: FastifyInstance, email: string, listName?: string): Promise<Headers> {
  const signup = await call(app, 'POST', '/api/rtEvent/new', {}, { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
  const headers = { 'x-visitor-token': signup.body.tokenAc as string };
  if (listName !== undefined) {
    const created = await call(app, 'POST', '/api/visitor/liste', headers, { name: listName });
    if (created.status !== 201) throw new Error(`list answered ${created.status}`);
  }
  return headers;
}
