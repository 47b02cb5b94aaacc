import fs from 'node:fs';
import path from 'node:path';

/** Files the server writes are its user's alone: 0600 files, 0700 folders. */
export const PRIVATE_UMASK = 0o077;

/**
 * Makes what the server writes readable by its own user only: the process's umask (every file
 * and folder it creates from now on, the embedded database's included, lacks group and other
 * bits) and the data folder itself (0700, fixing one made by an older version: its existing
 * files are then out of others' reach too). The data folder holds personal data (contacts,
 * the outbox's messages) and secrets (the JWT secret, link secrets, keys).
 */
export function keepPrivate(dataDir: string): void {
  process.umask(PRIVATE_UMASK);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
}

/**
 * Takes group and other bits off everything under `dir`: the embedded database sets its files'
 * modes itself (0666), whatever the umask. Under the 0700 data folder they are out of reach
 * anyway; this keeps them so if the folder is ever opened up.
 */
export function privateTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const mode = fs.statSync(full).mode & 0o777;
    if (mode & 0o077) fs.chmodSync(full, mode & 0o700);
    if (entry.isDirectory()) privateTree(full);
  }
}

/** Writes a file for the server's user only (0600), whatever the umask. */
export function writePrivateFile(file: string, data: string | Buffer, flag = 'w'): void {
  fs.writeFileSync(file, data, { mode: 0o600, flag });
  fs.chmodSync(file, 0o600);
}
