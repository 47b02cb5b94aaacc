import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { writePrivateFile } from '../startup/privateFiles';

/** Where the key of erased addresses' hashes comes from: ERASURE_SECRET, else a file of DATA_DIR. */
export interface ErasureKeySource {
  dataDir: string;
  erasureSecret: string | null;
}

/** What an erased address leaves in the suppression list: `hmac-sha256:` and the hash in hex. */
export const ERASED_PREFIX = 'hmac-sha256:';

const keys = new Map<string, Buffer>();

/**
 * The key of the keyed hash (docs/decisions.md, «Personal data rights (issue 38)»): ERASURE_SECRET
 * when set, otherwise 32 random bytes kept in DATA_DIR/erasure-secret (0600), made on first need.
 */
export function erasureKey(source: ErasureKeySource): Buffer {
  if (source.erasureSecret) return Buffer.from(source.erasureSecret, 'utf8');
  const file = path.join(source.dataDir, 'erasure-secret');
  const known = keys.get(file);
  if (known) return known;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(source.dataDir, { recursive: true, mode: 0o700 });
    try {
      writePrivateFile(file, randomBytes(32).toString('base64url'), 'wx');
    } catch (error) {
      // Another process made it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  keys.set(file, key);
  return key;
}

/** The keyed hash of an address (HMAC-SHA256 of its trimmed lower-case form), as the suppression list keeps it. */
export function addressHash(source: ErasureKeySource, email: string): string {
  return ERASED_PREFIX + createHmac('sha256', erasureKey(source)).update(email.trim().toLowerCase(), 'utf8').digest('hex');
}
