#!/usr/bin/env node
// Checks package-lock.json for what makes `npm ci` fail or warn on a machine other than the
// one that wrote it (run by `npm run lint`):
// - every optional dependency of every locked package is itself locked, whatever its
//   platform (npm leaves out the builds of other platforms when the registry it asks lacks
//   them, and `npm ci` then refuses the lockfile everywhere);
// - every locked package accepts the Node versions package.json's `engines` declares
//   (otherwise `npm install` warns EBADENGINE).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const root = path.resolve(__dirname, '..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const declared = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const packages = lock.packages;
const problems = [];

/** Where Node would find `name` from the package at `location` (node_modules lookup upwards). */
function resolves(location, name) {
  let dir = location;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

for (const [location, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(location, name)) problems.push(`${location || 'package.json'}: optional dependency ${name} is not locked`);
  }
  const wanted = entry.engines?.node;
  if (location && wanted && !semver.subset(declared, wanted, { includePrerelease: false })) {
    problems.push(`${location}@${entry.version} wants Node ${wanted}, package.json declares ${declared}`);
  }
}

if (problems.length > 0) {
  console.error(`package-lock.json is not fit for \`npm ci\` everywhere:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`package-lock.json: ${Object.keys(packages).length - 1} packages, every platform's optional ones locked, all accept Node ${declared}`);
