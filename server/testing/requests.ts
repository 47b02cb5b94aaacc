import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './testApp';

type Headers = Record<string, string>;

export type Bearer = { authorization: string };

/** JSON calls through `app.inject`, with the media types the API expects (merge-patch for PATCH). */
export function jsonClient(app: FastifyInstance) {
  const send = (method: 'POST' | 'PATCH', url: string, headers: Headers, payload: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' },
      payload: JSON.stringify(payload),
    });
  return {
    get: (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, headers: Headers, payload: unknown) => send('POST', url, headers, payload),
    patch: (url: string, headers: Headers, payload: unknown) => send('PATCH', url, headers, payload),
  };
}

export type JsonClient = ReturnType<typeof jsonClient>;

/** The user id a bearer header's token carries. */
export const userIdOf = (bearer: Bearer): number =>
  JSON.parse(Buffer.from(bearer.authorization.split('.')[1], 'base64url').toString()).id;

export interface ApiTest {
  t: TestApp;
  api: JsonClient;
  admin: Bearer;
  operator: Bearer;
  operatorId: number;
}

/** A test app with a JSON client and both demo users signed in. */
export async function startApiTest(...args: Parameters<typeof createTestApp>): Promise<ApiTest> {
  const t = await createTestApp(...args);
  const operator = await t.operatorBearer();
  return { t, api: jsonClient(t.app), admin: await t.adminBearer(), operator, operatorId: userIdOf(operator) };
}
