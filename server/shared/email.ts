// The pattern of the `email` format the route schemas use (ajv-formats, full mode), so that a
// contact refused by POST /grp_rcps is refused by the imports too.
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const EMAIL_MAX_LENGTH = 254;

export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
