/** The account an e-mail names: trimmed, lower-case (addresses are stored lower-case). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The shortest new password the console accepts, changed or reset. */
export const NEW_PASSWORD_MIN_LENGTH = 8;
