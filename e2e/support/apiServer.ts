import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePgliteTemplate } from '../../server/db/pgliteTemplate';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
  /** The pid of the server process itself (tsx runs it as a child of its own). */
  serverPid(): number;
  /** Kills the server process itself with SIGKILL (a crash: no shutdown work runs). */
  crash(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '../..');

/** tsx runs the server in a child process of its own (Linux: read from /proc). */
function serverPid(tsxPid: number): number {
  const children = fs.readFileSync(`/proc/${tsxPid}/task/${tsxPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.length > 0 ? Number(children[0]) : tsxPid;
}

/**
 * Starts the real server (`server/main.ts`) on a free port with a fresh DATA_DIR, as
 * `npm start` does, and resolves with its URL once it says it is ready.
 */
export async function startApiServer(
  env: Record<string, string> = {},
  { compiled = false }: { compiled?: boolean } = {},
): Promise<RunningServer> {
  // Its embedded database is unpacked from the template rather than made by initdb.
  await makePgliteTemplate();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-server-'));
  // Compiled: the production build run as the README runs it (`node build/server/main.js`,
  // NODE_ENV=production and the default log level), which benchmarks measure. Built first
  // when missing or older than its sources, as `npm start` does: a stale build measures old code.
  if (compiled) {
    const build = spawnSync(process.execPath, ['scripts/build.js', '--if-needed'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (build.status !== 0) throw new Error('the production build failed (see above)');
  }
  const [command, args, defaults] = compiled
    ? [process.execPath, ['build/server/main.js'], { NODE_ENV: 'production' }]
    : [path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], { LOG_LEVEL: 'warn' }];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, NODE_OPTIONS: '', ...defaults, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is ready at (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  child.stdout?.resume();
  return {
    url,
    dataDir,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    serverPid: () => serverPid(child.pid as number),
    crash: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(serverPid(child.pid as number), 'SIGKILL');
      await exited;
    },
  };
}
