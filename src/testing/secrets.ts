import { REDACTED } from '../shared/trace';

/**
 * An inspector independent of the sanitizer, and broader: a key that may name a secret, a
 * value shaped like a JWT or a bearer header, or a value the test planted. Lists the paths
 * where one survives, so a new secret field that the sanitizer misses fails the test.
 */
const SECRET_NAME = /token|pass|pwd|secret|jwt|auth|credential|cookie|api.?key|private|signature|session.?id/i;
// A JWT's first part is tried from the start of its run of word characters only: tried from
// every position, a long run without dots (a 400 kB code typed in a trace) cost its square.
const SECRET_SHAPE = /(?:^|[^\w-])[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}|\bBearer\s+(?!\[redacted\])\S/;

export function findSecrets(value: unknown, planted: string[] = []): string[] {
  const found: string[] = [];
  const looksSecret = (text: string) =>
    text !== REDACTED && (SECRET_SHAPE.test(text) || planted.some((secret) => text.includes(secret)));

  function walk(node: unknown, path: string, namedSecret: boolean) {
    if (typeof node === 'string') {
      if ((namedSecret && node !== '' && node !== REDACTED) || looksSecret(node)) found.push(path);
    } else if (typeof node === 'number') {
      if (namedSecret) found.push(path);
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${path}[${index}]`, namedSecret));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (looksSecret(key)) found.push(`${itemPath} (key)`);
        walk(item, itemPath, SECRET_NAME.test(key));
      }
    }
  }
  walk(value, '', false);
  return found;
}

/** A DevTools export with its JSON-text fields (payload, preloadedState) parsed, so every action and state is inspected. */
export function parsedExport(text: string): unknown {
  const file = JSON.parse(text) as Record<string, unknown>;
  const embedded = new Set(['payload', 'preloadedState']);
  // The build's fingerprint names each slice (`auth`) beside a hash of its shape: no data of the session.
  const { fingerprint: _fingerprint, ...rest } = file;
  return Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, embedded.has(key) && typeof value === 'string' ? JSON.parse(value) : value]),
  );
}
