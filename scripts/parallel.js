#!/usr/bin/env node
// `node scripts/parallel.js A B …` runs the npm scripts A, B, … at the same time, each one's
// output held and printed whole when it ends (so that logs read script by script), and exits
// with the first non-zero code. The test command runs lint and typecheck this way: each is one
// process on one core, and the machine has two. Plain JavaScript: it runs before anything is built.
'use strict';
const { spawn } = require('node:child_process');

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.js SCRIPT [SCRIPT …]');
  process.exit(2);
}

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(`\n=== npm run ${script} (${seconds} s, ${signal ?? `exit ${code}`})\n${output}`);
        resolve(code ?? 1);
      });
    }),
);

Promise.all(runs).then((codes) => process.exit(codes.find((code) => code !== 0) ?? 0));
