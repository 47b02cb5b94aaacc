/**
 * Removes secrets from anything bound for a trace or the Redux DevTools: by key (a primitive
 * whose key names a token, a password, a secret, ...) and by value shape (a JWT or a bearer
 * header, wherever it appears, in keys too). The result is also plain JSON data: functions
 * go, class instances become their name. Redux state is immutable, so the redacted copy of
 * an object is cached: redacting the next state only walks what changed.
 */
export const REDACTED = '[redacted]';

/** Key names that hold secrets: accessToken, tokens, tokenAc, password, clientSecret, jwt, ... */
const SECRET_KEY = /token|pass(?:word|wd|code|phrase)|pwd|secret|jwt|authoriz|credential|cookie|api[-_]?key|private[-_]?key|signature|session[-_]?id/i;
/** A JWT (header and payload are base64url JSON, so both start with "ey"), or a bearer value. */
const SECRET_VALUE = /\bey[\w-]{6,}\.ey[\w-]{6,}\.[\w-]*|\b(Bearer|Basic)\s+[^\s"',;]+|\btgm_[\w-]{20,}/g;
/** A `name=value` pair, as in a query string or a form body: the value goes when the name is secret. */
const NAMED_VALUE = /([\w.[\]-]+)=([^&#\s"',;<>]+)/g;
/**
 * Addresses whose path carries a link's token: the confirmation and sign-in page
 * (`/confirmation/{token}`, which the router records before the page takes the token out), the
 * call it makes (`/api/confirmations/{token}`), the password reset page (`/mot-de-passe/{token}`) and
 * the invitation's (`/invitation/{token}`).
 */
const TOKEN_PATH = /(\/(?:api\/)?(?:confirmations?|mot-de-passe|invitation)\/)[^/?#\s"',;<>]+/g;
/** RTK Query cache keys embed the query's arguments as JSON: `endpoint({"token":"..."})`. */
const CACHE_KEY = /^([\w$]+)\((.*)\)$/s;

export const isSecretKey = (key: string) => SECRET_KEY.test(key);

const objectCache = new WeakMap<object, unknown>();
const secretArrayCache = new WeakMap<object, unknown>();

/**
 * Redacted strings, by their text: a state repeats the same strings at every step (RTK Query's
 * cache keys, in its queries and in every tag it provides), and parsing a key's arguments
 * each time was most of the recorder's cost on a large list page.
 */
const stringCache = new Map<string, string>();
const STRING_CACHE_SIZE = 10_000;
const CACHED_STRING_LENGTH = 1_000;

function redactString(text: string): string {
  if (text.length > CACHED_STRING_LENGTH) return redactText(text);
  let redacted = stringCache.get(text);
  if (redacted === undefined) {
    redacted = redactText(text);
    if (stringCache.size >= STRING_CACHE_SIZE) stringCache.clear();
    stringCache.set(text, redacted);
  }
  return redacted;
}

function redactText(text: string): string {
  const cacheKey = CACHE_KEY.exec(text);
  if (cacheKey) {
    try {
      const args: unknown = JSON.parse(cacheKey[2]);
      const redacted = JSON.stringify(redactValue(args, false));
      return redacted === JSON.stringify(args) ? text : `${cacheKey[1]}(${redacted})`;
    } catch {
      // Not JSON inside the parentheses: an ordinary string.
    }
  }
  const shaped = text
    .replace(SECRET_VALUE, (_match, scheme?: string) => (scheme ? `${scheme} ${REDACTED}` : REDACTED))
    .replace(TOKEN_PATH, (_match, path: string) => `${path}${REDACTED}`);
  return shaped.includes('=')
    ? shaped.replace(NAMED_VALUE, (pair, name: string) => (isSecretKey(name) ? `${name}=${REDACTED}` : pair))
    : shaped;
}

/**
 * An address as a trace keeps it: `?token=...`, `&password=...`, JWTs and a confirmation link's token redacted, the rest
 * (path, other parameters, hash) kept. The same rules as `redact`, which applies them to every string.
 */
export const redactUrl = (url: string): string => redactString(url);

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function redactObject(value: object, secret: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secret));
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Error) return { name: value.name, message: redactString(value.message) };
  if (!isPlainObject(value)) return `[${value.constructor?.name ?? 'object'}]`;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const redacted = redactValue(item, isSecretKey(key));
    if (redacted !== undefined || item === undefined) result[redactString(key)] = redacted;
  }
  return result;
}

/**
 * `secret` says the nearest key names a secret: array items inherit it (`tokens: ['...']`),
 * an object's properties are judged by their own keys (`tokens: [{ email, token }]` keeps
 * the e-mail).
 */
function redactValue(value: unknown, secret: boolean): unknown {
  switch (typeof value) {
    case 'string':
      return secret && value !== '' ? REDACTED : redactString(value);
    case 'number':
      return secret ? REDACTED : value;
    case 'bigint':
      return secret ? REDACTED : value.toString();
    case 'boolean':
    case 'undefined':
      return value;
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  // Only arrays depend on the key above them; objects are redacted the same wherever they sit.
  const cache = Array.isArray(object) && secret ? secretArrayCache : objectCache;
  if (cache.has(object)) return cache.get(object);
  const redacted = redactObject(object, secret);
  cache.set(object, redacted);
  return redacted;
}

/** A copy of `value`, as plain data, with every secret replaced by REDACTED. */
export function redact<T>(value: T): T {
  return redactValue(value, false) as T;
}

/** As `redact`, and a bare payload is a secret when the action's type names one (`auth/tokenRefreshed`). */
export function redactAction<A>(action: A): A {
  const redacted = redact(action);
  if (typeof action !== 'object' || action === null) return redacted;
  const { type, payload } = action as { type?: unknown; payload?: unknown };
  const bare = typeof payload === 'string' || typeof payload === 'number';
  return typeof type === 'string' && bare && isSecretKey(type) ? { ...redacted, payload: REDACTED } : redacted;
}
