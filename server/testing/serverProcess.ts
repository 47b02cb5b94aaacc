import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export const JWT_SECRET = 'a-test-secret-for-processes-of-their-own-0123456789';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code, or the signal's name. */
  exit: Promise<number | string | null>;
}

/**
 * The server from its sources (`node --import tsx server/main.ts`) in a process of its own, on
 * the embedded engine in `dataDir`; resolves once it says it is ready. No feed refresh, no send
 * worker unless `env` says so; a fixed JWT secret, so that a token outlives a restart.
 */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      FEED_REFRESH_MINUTES: '0',
      MAIL_WORKER: '0',
      AUTOMATIONS_TICK_SECONDS: '0',
      JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /"url":"([^"]+)"[^\n]*is ready at/.exec(output);
      if (ready) resolve({ child, url: ready[1], exit });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exit.then((code) => reject(new Error(`The server exited (${code}) before it was ready:\n${output.slice(-4000)}`)));
  });
}
