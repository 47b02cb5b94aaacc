// The pattern of the `email` format the route schemas use (ajv-formats, full mode), so that a
// contact refused by POST /grp_rcps is refused by the imports too.
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const EMAIL_MAX_LENGTH = 254;

/**
 * RFC 5321's limits, as a JSON Schema pattern the schemas share: at most 64 characters before
 * the @ and 63 in each label of the domain. A mail server may refuse an address past them.
 */
export const EMAIL_LIMITS = '^(?=[^@]{1,64}@)(?![^@]*@.*[^@.]{64})';

/** What the schemas' refusal quotes (the pattern above says nothing to a reader). */
export const EMAIL_DESCRIPTION = `Une adresse e-mail : 64 caractères au plus avant le @, 63 par élément du domaine, ${EMAIL_MAX_LENGTH} en tout.`;

const LIMITS = new RegExp(EMAIL_LIMITS, 'u');

export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && LIMITS.test(value) && EMAIL.test(value);
