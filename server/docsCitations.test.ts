import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The repository explains itself: what code, configuration and documents cite is in `docs/`,
 * in the form docs/conventions.md, «Citing the docs» sets out.
 */

const ROOT = join(__dirname, '..');
const SCANNED_FOLDERS = ['server', 'src', 'e2e', 'bench', 'scripts', 'docs', 'deploy'];
const SCANNED_ROOT_FILES = ['.eslintrc.cjs', 'jest.config.ts', 'webpack.config.ts', 'playwright.config.ts', 'package.json', 'Dockerfile', 'compose.yaml', 'README.md', 'CHANGELOG.md'];
const EXTENSIONS = /\.(ts|tsx|js|cjs|mjs|json|sh|md|yaml|yml)$/;
const SKIPPED = new Set(['node_modules', 'fixtures', 'dist', 'build', 'data']);
/** This file names the outside documents it refuses. */
const SELF = relative(ROOT, __filename);

interface Citations {
  /** `docs/<file>.md`, with the heading after `, «…»` when one is cited. */
  docs: { file: string; heading?: string }[];
  /** Sections of the product spec (docs/spec.md): `§N` or `§N.N`. */
  spec: string[];
  /** Documents outside the repository that nothing may cite. */
  outside: string[];
}

const DOCS_CITATION = /(?<![\w/.-])docs\/([\w/-]+\.md)(?:, «([^»\n]+)»)?/g;
const SPEC_SECTION = /§(\d+(?:\.\d+)?[a-z]?)/g;
const OUTSIDE = /\bDESIGN(?:\.md)?\b|\bINTERFACES\b|\bSTACK\.md\b|spec\/000_/g;

/** What a text cites. */
function citationsIn(text: string): Citations {
  const docs = [...text.matchAll(DOCS_CITATION)].map(([, file, heading]) => (heading ? { file, heading } : { file }));
  const outside = [...text.matchAll(OUTSIDE)].map(([name]) => name);
  // An outside document's section (`DESIGN §4`) is not the spec's.
  const spec = [...text.replace(/\b(?:DESIGN(?:\.md)?|INTERFACES)\s*§\d+/g, '').matchAll(SPEC_SECTION)].map(([, section]) => section);
  return { docs, spec, outside };
}

/** The headings of a markdown text, without their `#`s. */
function headingsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*$/gm)].map(([, heading]) => heading));
}

/** The numbers of the spec's sections: "## 7. The calls it makes" is 7, "### 7.3 Lists…" 7.3. */
function sectionNumbersOf(markdown: string): Set<string> {
  return new Set([...headingsOf(markdown)].map((heading) => /^(\d+(?:\.\d+)?[a-z]?)\.?\s/.exec(heading)?.[1]).filter((n): n is string => !!n));
}

/** What is wrong with a text's citations, given the docs it may cite (file name: its text). */
function faultsIn(text: string, docs: ReadonlyMap<string, string>): string[] {
  const cited = citationsIn(text);
  const faults: string[] = cited.outside.map((name) => `cites ${name}, which is not in the repository`);
  for (const { file, heading } of cited.docs) {
    const doc = docs.get(file);
    if (doc === undefined) faults.push(`cites docs/${file}, which does not exist`);
    else if (heading !== undefined && !headingsOf(doc).has(heading)) faults.push(`cites docs/${file}, «${heading}», which is no heading of it`);
  }
  const sections = sectionNumbersOf(docs.get('spec.md') ?? '');
  for (const section of cited.spec) if (!sections.has(section)) faults.push(`cites spec §${section}, which docs/spec.md does not have`);
  return faults;
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(path);
    return EXTENSIONS.test(entry.name) ? [path] : [];
  });
}

function docsFiles(): Map<string, string> {
  return new Map(filesUnder('docs').map((path) => [relative('docs', path), readFileSync(join(ROOT, path), 'utf8')]));
}

describe('citations of the docs', () => {
  const docs = docsFiles();
  const sample = new Map([
    ['architecture.md', '# Architecture\n\n## Sending mail\n\ntext'],
    ['spec.md', '# Spec\n\n## 7. The calls it makes\n\n### 7.3 Lists\n'],
  ]);

  it('reads citations of files, headings, spec sections and outside documents', () => {
    expect(citationsIn('see docs/architecture.md, «Sending mail» and docs/qa-traces.md; spec §7.3 and §4, not /api/docs/json')).toEqual({
      docs: [{ file: 'architecture.md', heading: 'Sending mail' }, { file: 'qa-traces.md' }],
      spec: ['7.3', '4'],
      outside: [],
    });
    expect(citationsIn('(DESIGN.md §4) (DESIGN §6) (INTERFACES §1) STACK.md spec/000_ab.txt').outside).toEqual(['DESIGN.md', 'DESIGN', 'INTERFACES', 'STACK.md', 'spec/000_']);
    expect(citationsIn('(DESIGN.md §4)').spec).toEqual([]);
  });

  it('finds a planted bad citation', () => {
    expect(faultsIn('// see docs/architecture.md, «Sending mail»; spec §7.3', sample)).toEqual([]);
    expect(faultsIn('// see docs/architecture.md, «Sending post»', sample)).toEqual(['cites docs/architecture.md, «Sending post», which is no heading of it']);
    expect(faultsIn('// see docs/nowhere.md', sample)).toEqual(['cites docs/nowhere.md, which does not exist']);
    expect(faultsIn('// spec §7.9', sample)).toEqual(['cites spec §7.9, which docs/spec.md does not have']);
    expect(faultsIn('// the queue (DESIGN.md §4)', sample)).toEqual(['cites DESIGN.md, which is not in the repository']);
  });

  it('every cited docs file, heading and spec section exists, and nothing cites an outside document', () => {
    const files = [...SCANNED_FOLDERS.flatMap(filesUnder), ...SCANNED_ROOT_FILES].filter((path) => path !== SELF);
    expect(files.length).toBeGreaterThan(500);
    const faults = files.flatMap((path) => faultsIn(readFileSync(join(ROOT, path), 'utf8'), docs).map((fault) => `${path} ${fault}`));
    expect(faults).toEqual([]);
  });
});

/**
 * The entries of docs/decisions.md: a list item starting a line ("- "), with the indented lines
 * that continue it, joined by spaces; headings and paragraphs are not entries.
 */
function decisionEntries(markdown: string): string[] {
  const entries: string[] = [];
  let inEntry = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('- ')) {
      entries.push(line.slice(2).trim());
      inEntry = true;
    } else if (inEntry && /^\s+\S/.test(line)) entries[entries.length - 1] += ` ${line.trim()}`;
    else inEntry = false;
  }
  return entries;
}

const MAX_DECISION = 600;

describe('docs/decisions.md', () => {
  it('reads an entry with its continuation lines', () => {
    expect(decisionEntries('# D\n\ntext\n\n## A\n\n- one\n  two\n- three\n\n  four\n')).toEqual(['one two', 'three']);
  });

  it('finds a planted entry over the limit', () => {
    const long = decisionEntries(`## A\n\n- ${'x'.repeat(MAX_DECISION)}\n  y\n- short\n`).filter((entry) => entry.length > MAX_DECISION);
    expect(long).toHaveLength(1);
  });

  it(`holds entries of at most ${MAX_DECISION} characters, each dated with its commit`, () => {
    const entries = decisionEntries(readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8'));
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.filter((entry) => entry.length > MAX_DECISION)).toEqual([]);
    expect(entries.filter((entry) => !/\(\d{4}-\d{2}-\d{2}, [0-9a-f]{7,}\)$/.test(entry))).toEqual([]);
  });
});
