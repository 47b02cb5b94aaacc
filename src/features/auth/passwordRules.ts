/** The shortest new password the server accepts, changed or reset (server/modules/auth/rules.ts). */
export const NEW_PASSWORD_MIN_LENGTH = 8;
