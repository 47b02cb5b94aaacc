import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { loadConfig } from '../config';

const ROOT = path.resolve(__dirname, '../..');
const example = parseEnv(fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')) as Record<string, string>;
/** Every variable config.ts reads. */
const read = new Set(
  [...fs.readFileSync(path.join(ROOT, 'server/config.ts'), 'utf8').matchAll(/\benv(?:, '|\.)([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]),
);

describe('.env.example', () => {
  it('lists every setting the server reads, and none it does not', () => {
    const listed = Object.keys(example).filter((name) => name !== 'POSTGRES_PASSWORD');
    expect([...read].filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !read.has(name))).toEqual([]);
  });

  it('gives the defaults: as a .env file, it changes nothing', () => {
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });

  it('is documented in the README, setting by setting', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect([...read].filter((name) => name !== 'NODE_ENV' && !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
