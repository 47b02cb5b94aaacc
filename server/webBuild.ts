import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const SOURCES = ['src', 'public', 'webpack.config.ts', 'package-lock.json', 'tsconfig.json'];

/** Newest modification time under `entry` (tests excluded: they are not built); 0 when absent. */
function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/**
 * Builds the SPA when its build is missing or older than its sources (npm start on a fresh
 * clone); `env` adds build flags (`QA_BUILD=1` for a QA build in a folder of its own).
 */
export function ensureWebBuild(root: string, webDir: string, log: (message: string) => void, env: Record<string, string> = {}): void {
  const index = path.join(webDir, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((entry) => newestMtime(path.join(root, entry))));
  if (builtAt >= changedAt) return;
  const webpack = path.join(root, 'node_modules', '.bin', 'webpack');
  if (!fs.existsSync(webpack)) {
    if (builtAt > 0) return log('web build may be stale, and webpack is not installed: serving it as it is');
    throw new Error('The web app is not built and webpack is not installed: run `npm ci` first.');
  }
  log(builtAt ? 'web sources changed: rebuilding the web app' : 'building the web app (first start)');
  const result = spawnSync(webpack, ['--mode', 'production', '--stats', 'errors-warnings', '--output-path', webDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error('The web app build failed (see above).');
}
