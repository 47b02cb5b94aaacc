/** The signed-in back-office user, taken from the login token's payload (spec §3). */
export interface SessionUser {
  id: number;
  ip: string;
  roles: string[];
  username: string;
  token: string;
}

export interface AuthState {
  user: SessionUser | null;
  accessToken: string | null;
}

/** A visitor's sign-up token, kept with the e-mail it was given for. */
export interface VisitorToken {
  email: string;
  token: string;
}

export interface VisitorState {
  tokens: VisitorToken[];
  userEmail: string | null;
}

/** The part of the root state that shared code may read: the auth and visitor slices own it. */
export interface SessionRootState {
  auth: AuthState;
  visitor: VisitorState;
}
