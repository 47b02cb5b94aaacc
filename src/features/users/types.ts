/** A user of the console, as `GET /api/users` lists them. */
export interface User {
  id: number;
  email: string;
  roles: string[];
  created: string;
  /** Set while the invitation waits. */
  invitedAt: string | null;
  /** Set once deactivated. */
  deactivatedAt: string | null;
}

/** The roles an admin gives, the most powerful first (server/shared/auth.ts). */
export const ROLES = ['ROLE_ADMIN', 'ROLE_EXPEDITEUR', 'ROLE_EDITEUR'] as const;
export type Role = (typeof ROLES)[number];

/** The one role the console shows and sets: the most powerful a user holds. */
export const mainRole = (roles: string[]): Role | undefined => ROLES.find((role) => roles.includes(role)) ?? (roles.includes('ROLE_USER') ? 'ROLE_EXPEDITEUR' : undefined);
