import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../db/db';
import { resolveJwtSecret } from '../shared/jwtSecret';
import { keepPrivate, PRIVATE_UMASK, privateTree, writePrivateFile } from './privateFiles';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every file and folder under `dir`. */
function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...walk(full)] : [full];
  });
}

describe('files holding personal data or secrets are for the server user only', () => {
  let umask: number;
  beforeAll(() => {
    umask = process.umask();
  });
  afterAll(() => {
    process.umask(umask);
  });

  it('makes the data folder 0700 (an existing one too), and what is in it private, the database and the JWT secret included', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-private-')), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'old-file'), 'written by an older version', { mode: 0o644 });
    process.umask(0o022);
    keepPrivate(dataDir);
    expect(process.umask()).toBe(PRIVATE_UMASK);
    expect(modeOf(dataDir)).toBe(0o700);

    resolveJwtSecret(null, dataDir);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    const db = await openDb({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
    await db.query('CREATE TABLE t (x int)');
    await db.close();
    // The embedded database sets its own files' modes: they are taken back, as main.ts does after it opens.
    privateTree(dataDir);
    const written = walk(dataDir);
    expect(written.length).toBeGreaterThan(3);
    for (const file of written) expect({ file, others: modeOf(file) & 0o077 }).toEqual({ file, others: 0 });
  });

  it('writes a private file 0600 whatever the umask', () => {
    process.umask(0);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-private-')), 'key.pem');
    writePrivateFile(file, 'secret');
    expect(modeOf(file)).toBe(0o600);
  });
});
