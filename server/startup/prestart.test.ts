import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm start`'s prestart (`scripts/build.js --if-needed`) in an install without build tools,
 * as after `npm prune --omit=dev`: a copy of the script in a folder of its own, with or
 * without a build.
 */
const ROOT = path.resolve(__dirname, '../..');
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-prestart-'));
  fs.mkdirSync(path.join(dir, 'scripts'));
  fs.copyFileSync(path.join(ROOT, 'scripts/build.js'), path.join(dir, 'scripts/build.js'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(path.join(dir, 'server/main.ts'), '');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const prestart = () =>
  spawnSync(process.execPath, ['scripts/build.js', '--if-needed'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH } });

const write = (file: string, mtime: Date) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), '');
  fs.utimesSync(path.join(dir, file), mtime, mtime);
};

it('stops, naming the commands to run, when nothing is built and the build tools are not installed', () => {
  const result = prestart();
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('npm ci && npm run build');
  expect(result.stdout).toBe('');
});

it('starts what is built when the build tools are not installed, even if the sources look newer', () => {
  const past = new Date(Date.now() - 3_600_000);
  write('dist/index.html', past);
  write('build/server/main.js', past);
  const result = prestart();
  expect(result.status).toBe(0);
  expect(result.stdout).toBe('');
});
