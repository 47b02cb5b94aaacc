import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writePrivateFile } from '../startup/privateFiles';

/** JWT_SECRET when set; otherwise a secret generated on first start and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writePrivateFile(file, secret, 'wx');
  return secret;
}
