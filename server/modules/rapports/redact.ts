/**
 * The server's own pass over a bug report before it is stored (the browser redacts it too, but
 * a report may come from anywhere): credentials, secret-named values, authorisation headers
 * and e-mail addresses other than the sender's go, wherever they are (docs/qa-traces.md,
 * «2c. Send it to the team»). The trace's `payload` and `preloadedState` are JSON text:
 * they are read, redacted as data and written again.
 */
export const REDACTED = '[redacted]';
export const EMAIL_REDACTED = '[e-mail]';

/** Key names that hold secrets, as the browser's sanitizer reads them, and headers that carry credentials. */
const SECRET_KEY =
  /token|pass(?:word|wd|code|phrase)|pwd|secret|jwt|authoriz|credential|cookie|api[-_]?key|private[-_]?key|signature|session[-_]?id/i;
/** A JWT, or a bearer or basic credential. */
const CREDENTIAL = /\bey[\w-]{6,}\.ey[\w-]{6,}\.[\w-]*|\b(Bearer|Basic)\s+[^\s"',;]+/g;
/** A header written as text (`Authorization: Token abc`, `cookie=…`): the rest of the line goes. */
const HEADER_TEXT = /\b((?:proxy-)?authorization|cookie|set-cookie|x-[\w-]*token)(\s*[:=]\s*)[^\n\r"',;]+/gi;
/** `name=value` in an address or a form: the value goes when the name is secret. */
const NAMED_VALUE = /([\w.[\]-]+)=([^&#\s"',;<>]+)/g;
/** A link's token in its path (confirmation and sign-in links). */
const TOKEN_PATH = /(\/(?:api\/)?confirmations?\/)[^/?#\s"',;<>]+/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const PNG = 'data:image/png;base64,';

function redactText(text: string, keepEmail: string | null): string {
  let result = text
    .replace(CREDENTIAL, (_match, scheme?: string) => (scheme ? `${scheme} ${REDACTED}` : REDACTED))
    .replace(HEADER_TEXT, (_match, name: string, separator: string) => `${name}${separator}${REDACTED}`)
    .replace(TOKEN_PATH, (_match, path: string) => `${path}${REDACTED}`);
  if (result.includes('=')) result = result.replace(NAMED_VALUE, (pair, name: string) => (SECRET_KEY.test(name) ? `${name}=${REDACTED}` : pair));
  if (result.includes('@')) result = result.replace(EMAIL, (address) => (address.toLowerCase() === keepEmail ? address : EMAIL_REDACTED));
  return result;
}

/** `[name, value]` pairs, as Headers' entries write them: the value goes when the name is secret. */
const isSecretPair = (value: unknown[]) => value.length === 2 && typeof value[0] === 'string' && SECRET_KEY.test(value[0]);

function redactValue(value: unknown, secret: boolean, keepEmail: string | null, depth: number): unknown {
  if (typeof value === 'string') return secret && value !== '' ? REDACTED : redactText(value, keepEmail);
  if (typeof value === 'number' || typeof value === 'bigint') return secret ? REDACTED : value;
  if (value === null || typeof value !== 'object') return value;
  // Deeper than any state of ours: nothing is kept of it (a report is no place for a bomb).
  if (depth > 200) return REDACTED;
  if (Array.isArray(value)) {
    if (isSecretPair(value)) return [redactText(value[0] as string, keepEmail), REDACTED];
    return value.map((item) => redactValue(item, secret, keepEmail, depth + 1));
  }
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[redactText(key, keepEmail)] = redactValue(item, SECRET_KEY.test(key), keepEmail, depth + 1);
  }
  return result;
}

/** JSON text redacted as data; text that is not JSON is redacted as text. */
function redactJsonText(text: string, keepEmail: string | null): string {
  try {
    return JSON.stringify(redactValue(JSON.parse(text), false, keepEmail, 0)) ?? text;
  } catch {
    return redactText(text, keepEmail);
  }
}

/**
 * A copy of the report with every secret and every e-mail address but `senderEmail` replaced.
 * The screenshot is pixels: kept when it is a PNG data URL, else dropped.
 */
export function redactReport<T extends { trace: Record<string, unknown>; screenshot: string | null }>(report: T, senderEmail: string | null): T {
  const keepEmail = senderEmail?.toLowerCase() ?? null;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(report)) {
    if (key === 'trace') result.trace = redactTrace(report.trace, keepEmail);
    else if (key === 'screenshot') result.screenshot = isPng(report.screenshot) ? report.screenshot : null;
    else result[redactText(key, keepEmail)] = redactValue(value, SECRET_KEY.test(key), keepEmail, 1);
  }
  return result as T;
}

function redactTrace(trace: Record<string, unknown>, keepEmail: string | null): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(trace)) {
    result[key] =
      (key === 'payload' || key === 'preloadedState') && typeof value === 'string'
        ? redactJsonText(value, keepEmail)
        : redactValue(value, SECRET_KEY.test(key), keepEmail, 1);
  }
  return result;
}

const isPng = (screenshot: string | null): screenshot is string =>
  screenshot !== null && screenshot.startsWith(PNG) && /^[A-Za-z0-9+/=]*$/.test(screenshot.slice(PNG.length));
