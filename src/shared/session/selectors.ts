import type { SessionRootState } from './types';

export const ROLE_ADMIN = 'ROLE_ADMIN';
/** An operator who sends (before issue 39, ROLE_USER: a session opened then still reads so). */
export const ROLE_EXPEDITEUR = 'ROLE_EXPEDITEUR';
export const ROLE_EDITEUR = 'ROLE_EDITEUR';
const SENDING_ROLES = [ROLE_ADMIN, ROLE_EXPEDITEUR, 'ROLE_USER'];

export const selectSessionUser = (state: SessionRootState) => state.auth.user;
export const selectAccessToken = (state: SessionRootState) => state.auth.accessToken;
export const selectIsAdmin = (state: SessionRootState) => state.auth.user?.roles.includes(ROLE_ADMIN) ?? false;
/** Whether the console shows sending, scheduling, activating and exporting (an éditeur's does not: the server refuses them). */
export const selectCanSend = (state: SessionRootState) => state.auth.user?.roles.some((role) => SENDING_ROLES.includes(role)) ?? false;
export const selectUserEmail = (state: SessionRootState) => state.visitor.userEmail;
export const selectVisitorTokens = (state: SessionRootState) => state.visitor.tokens;
