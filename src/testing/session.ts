import type { SessionUser } from '../shared/session';

/** Signs in against the real API server and answers the auth state the app stores then. */
export async function sessionOf(credentials: { email: string; password: string }): Promise<{ user: SessionUser; accessToken: string }> {
  const response = await fetch(`${process.env.API_BASE_URL}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { token } = (await response.json()) as { token: string };
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return { user: { id: payload.id, ip: payload.ip, roles: payload.roles, username: payload.username, token }, accessToken: token };
}
