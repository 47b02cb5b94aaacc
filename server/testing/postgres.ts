import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

export interface TestPostgres {
  url: string;
  stop(): void;
}

/** Debian's PostgreSQL binaries (the newest installed), or those on the PATH. */
function binary(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin', name)).filter((file) => fs.existsSync(file));
  return found.length > 0 ? found[found.length - 1] : name;
}

/**
 * A throwaway PostgreSQL server of its own (as scripts/with-postgres.sh starts one), for tests
 * that run several server processes on one database: a temporary folder, a free port.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root.
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    if (spawnSync('id', ['postgres']).status !== 0) execFileSync('useradd', ['-r', 'postgres']);
    execFileSync('chown', ['postgres', dir]);
  }
  const run = (command: string, args: string[]) =>
    asPostgres
      ? execFileSync('runuser', ['-u', 'postgres', '--', binary(command), ...args], { stdio: 'pipe' })
      : execFileSync(binary(command), args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'tgm', '--auth=trust']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
    'start',
  ]);
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'tgm', 'tgm']);
  return {
    url: `postgres://tgm@127.0.0.1:${port}/tgm`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
