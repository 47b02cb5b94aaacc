import type { SessionRootState } from './types';

export const ROLE_ADMIN = 'ROLE_ADMIN';

export const selectSessionUser = (state: SessionRootState) => state.auth.user;
export const selectAccessToken = (state: SessionRootState) => state.auth.accessToken;
export const selectIsAdmin = (state: SessionRootState) => state.auth.user?.roles.includes(ROLE_ADMIN) ?? false;
export const selectUserEmail = (state: SessionRootState) => state.visitor.userEmail;
export const selectVisitorTokens = (state: SessionRootState) => state.visitor.tokens;
