/** The shortest new password the server accepts, changed, reset or chosen from an invitation (server/shared/passwordRule.ts). */
export const NEW_PASSWORD_MIN_LENGTH = 12;
