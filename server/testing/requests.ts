import type { FastifyInstance } from 'fastify';

type Headers = Record<string, string>;

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

/** The user id a bearer header's token carries. */
export const userIdOf = (bearer: { authorization: string }): number =>
  JSON.parse(Buffer.from(bearer.authorization.split('.')[1], 'base64url').toString()).id;
