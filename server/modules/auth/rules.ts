/** The account an e-mail names: trimmed, lower-case (addresses are stored lower-case). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The shortest new password, changed, reset or chosen from an invitation (shared/passwordRule.ts). */
export { NEW_PASSWORD_MIN_LENGTH } from '../../shared/passwordRule';
