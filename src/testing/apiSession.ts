import type { SessionUser } from '../shared/session';

/** Signs in against the real API server and answers the auth state the app would store. */
export async function signedIn(credentials: {
  email: string;
  password: string;
}): Promise<{ user: SessionUser; accessToken: string }> {
  const response = await fetch(`${process.env.API_BASE_URL}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { token } = await response.json();
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return {
    user: { id: payload.id, ip: payload.ip, roles: payload.roles, username: payload.username, token },
    accessToken: token,
  };
}

/** A call to the real API server as that session, for a test's own setup. */
export async function apiCall<T = Record<string, unknown>>(
  session: { accessToken: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${process.env.API_BASE_URL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}
