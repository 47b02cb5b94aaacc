import type { SessionRootState } from '../../shared/session';

/** The sign-up token of the visitor's current e-mail; null when that e-mail never signed up here. */
export function selectVisitorToken(state: SessionRootState): string | null {
  const { tokens, userEmail } = state.visitor;
  return tokens.find((entry) => entry.email === userEmail)?.token ?? null;
}
