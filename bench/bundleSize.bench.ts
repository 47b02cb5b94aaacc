import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureWebBuild } from '../server/webBuild';

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`.padStart(10);

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
  initial: boolean;
}

/**
 * What a public page downloads before it shows anything: the JavaScript its HTML loads
 * (gzip), next to the chunks split out of it (the back-office pages and their code), loaded
 * only when a route needs them.
 */
export default async function bundleSizeBench(): Promise<void> {
  ensureWebBuild(ROOT, DIST, (message) => console.log(message));
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const initialFiles = new Set([...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]));
  const chunks: Chunk[] = fs
    .readdirSync(DIST)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const content = fs.readFileSync(path.join(DIST, file));
      return { file, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length, initial: initialFiles.has(file) };
    })
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);

  console.log('\nJavaScript per entry and chunk (production build)');
  console.log(`  ${'file'.padEnd(44)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}  loaded`);
  for (const chunk of chunks) {
    const when = chunk.initial ? 'initially (public page)' : 'on demand';
    console.log(`  ${chunk.file.padEnd(44)} ${kb(chunk.raw)} ${kb(chunk.gzip)}  ${when}`);
  }
  const sum = (list: Chunk[], key: 'raw' | 'gzip') => list.reduce((total, chunk) => total + chunk[key], 0);
  const initial = chunks.filter((chunk) => chunk.initial);
  const split = chunks.filter((chunk) => !chunk.initial);
  const backOffice = split.filter((chunk) => chunk.file.startsWith('backoffice-'));
  console.log(`\n  initial JavaScript of a public page: ${kb(sum(initial, 'gzip'))} gzip (${kb(sum(initial, 'raw'))} raw)`);
  console.log(`  split out, loaded on demand:         ${kb(sum(split, 'gzip'))} gzip, of which back-office pages ${kb(sum(backOffice, 'gzip'))}`);
  console.log(`  ratio initial / everything (gzip):   ${(sum(initial, 'gzip') / sum(chunks, 'gzip')).toFixed(2)}`);
  if (backOffice.length === 0) throw new Error('no back-office chunk found: the back-office is no longer split out');
}
