import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The version and commit a build carries: package.json's version, `git rev-parse --short HEAD` or "unknown". */
export function buildInfo(root = path.resolve(__dirname, '..')): { version: string; commit: string } {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
  } catch {
    // No git (a Docker build from an archive): the commit stays unknown.
  }
  return { version: version || 'unknown', commit };
}
