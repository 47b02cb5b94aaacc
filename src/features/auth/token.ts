import { jwtDecode } from 'jwt-decode';
import type { SessionUser } from '../../shared/session';

interface LoginTokenPayload {
  id: number;
  ip: string;
  roles: string[];
  username: string;
}

/** The session user held in the login token's payload (spec §3), decoded in the browser. */
export function sessionUserFromToken(token: string): SessionUser {
  const { id, ip, roles, username } = jwtDecode<LoginTokenPayload>(token);
  return { id, ip, roles: Array.isArray(roles) ? roles : [], username, token };
}
