#!/usr/bin/env node
// `npm run build`: builds the web app (webpack → dist/) and compiles the server to JavaScript
// (tsc → build/server/), which is all `npm start` runs: plain `node`, no loader, no bundler.
//
// `--if-needed` (npm's `prestart`): builds only what is missing or older than its sources, so
// that `npm ci && npm start` works on a fresh clone. An install without devDependencies
// (`npm prune --omit=dev`, the Docker image) has no build tools: it starts what was built,
// and stops with the command to run when nothing is. Plain JavaScript: it runs before anything is built.
// Messages and the tools' output go to stderr: the server's stdout carries its logs only. Each
// step says its number, says every 30 s that it is still running, and how long it took: a first
// build takes minutes on a small machine (README, «Quick start»).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const at = (...parts) => path.join(root, ...parts);

/** The PGlite version installed (its package.json is not among its exports); null when none is. */
function pgliteVersion() {
  try {
    const file = path.join(path.dirname(require.resolve('@electric-sql/pglite', { paths: [root] })), '..', 'package.json');
    return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  } catch {
    return null;
  }
}
const pglite = pgliteVersion();

const TARGETS = [
  {
    name: 'web app',
    output: 'dist/index.html',
    sources: ['src', 'public', 'webpack.config.ts', 'tsconfig.json', 'package-lock.json'],
    tool: 'webpack',
    args: ['--mode', 'production', '--stats', 'errors-warnings'],
    // Settings read at build time (webpack.config.ts): a build made with others is not up to date.
    env: ['QA_BUILD', 'API_BASE_URL'],
  },
  {
    name: 'server',
    output: 'build/server/main.js',
    sources: ['server', 'package-lock.json'],
    tool: 'tsc',
    args: ['-p', 'server/tsconfig.build.json'],
    // tsc leaves the files of deleted sources behind, and copies no data files.
    before: () => fs.rmSync(at('build/server'), { recursive: true, force: true }),
    after: () =>
      fs.cpSync(at('server/modules/feeds/demo'), at('build/server/modules/feeds/demo'), { recursive: true }),
  },
  // A dump of a new embedded database, from which a first start makes its database at half of
  // initdb's memory (server/db/pgliteTemplate.ts); made in a process of its own. Optional: a
  // server without it makes its database with initdb.
  ...(pglite
    ? [
        {
          name: 'embedded database template',
          output: `build/pglite-template/pglite-${pglite}.tar.gz`,
          sources: ['package-lock.json'],
          command: process.execPath,
          args: ['build/server/db/pgliteTemplate.js'],
          optional: true,
        },
      ]
    : []),
];

/** Newest modification time under `entry` (tests excluded: they are not built); 0 when absent. */
function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return entry.endsWith('.test.ts') ? 0 : stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** Where a build records the settings it was made with (outside `dist/`, which is served). */
const settingsFile = (target) => at('build', `${target.output.split('/')[0]}-settings.json`);
/** The build-time settings `target` reads, as they are now. */
const settingsOf = (target) => JSON.stringify(Object.fromEntries((target.env ?? []).map((name) => [name, process.env[name] ?? ''])));
/** The settings the present build was made with ('{}' for a target that reads none). */
function builtWith(target) {
  if (!target.env) return settingsOf(target);
  try {
    return fs.readFileSync(settingsFile(target), 'utf8');
  } catch {
    return null;
  }
}

/** `2 min 05 s`, `41 s`, `0.8 s`. */
function duration(ms) {
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** How long a first build of each target took on a loaded 2-core machine (README): the estimate the first line gives. */
const TYPICAL = { 'web app': '2 to 7 min', server: 'under a minute', 'embedded database template': 'under a minute' };
const HEARTBEAT_MS = 30_000;

/** Runs the target's tool, its output on stderr, with a line every 30 s; resolves with its exit status. */
function run(target, step) {
  const tool = target.command ?? at('node_modules', '.bin', target.tool);
  const started = Date.now();
  console.error(`[${step}] building the ${target.name}${TYPICAL[target.name] ? ` (a first build takes ${TYPICAL[target.name]} on a small machine)` : ''}…`);
  target.before?.();
  return new Promise((resolve) => {
    const child = spawn(tool, target.args, { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
    const heartbeat = setInterval(() => console.error(`[${step}] still building the ${target.name}: ${duration(Date.now() - started)} so far`), HEARTBEAT_MS);
    const done = (status) => {
      clearInterval(heartbeat);
      const took = duration(Date.now() - started);
      if (status === 0) {
        target.after?.();
        console.error(`[${step}] ${target.name} built in ${took}`);
      } else {
        console.error(`[${step}] the ${target.name} build failed after ${took} (see above)`);
      }
      resolve(status);
    };
    child.once('error', (error) => {
      console.error(error.message);
      done(1);
    });
    child.once('exit', (code) => done(code ?? 1));
  });
}

async function main() {
  const ifNeeded = process.argv.includes('--if-needed');
  const started = Date.now();
  const todo = [];
  for (const target of TARGETS) {
    if (!ifNeeded) {
      todo.push(target);
      continue;
    }
    const output = at(target.output);
    const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    const changedAt = Math.max(...target.sources.map((source) => newestMtime(at(source))));
    if (builtAt >= changedAt && builtWith(target) === settingsOf(target)) continue;
    if (target.command || fs.existsSync(at('node_modules', '.bin', target.tool))) {
      todo.push(target);
    } else if (builtAt === 0) {
      console.error(`The ${target.name} is not built, and its build tools (devDependencies) are not installed: run \`npm ci && npm run build\`.`);
      process.exit(1);
    }
    // Built, without build tools: a production install (whose `npm prune` rewrites package-lock.json) runs what it built.
  }
  for (const [index, target] of todo.entries()) {
    const status = await run(target, `${index + 1}/${todo.length}`);
    if (status !== 0 && !target.optional) process.exit(1);
    if (status === 0 && target.env) {
      fs.mkdirSync(at('build'), { recursive: true });
      fs.writeFileSync(settingsFile(target), settingsOf(target));
    }
  }
  if (todo.length > 0) console.error(`build done in ${duration(Date.now() - started)}`);
}

void main();
