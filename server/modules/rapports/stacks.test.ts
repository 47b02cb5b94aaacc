import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { SourceMapGenerator } from 'source-map-js';
import { rapportsCopy as copy } from './copy';
import { BUILD_INFO_FILE, createStackMapper, framePlace, sourcePath } from './stacks';

/**
 * A small real bundle: minified code on one line, its source map written with source-map-js's
 * generator as webpack writes one (`webpack://<name>/./src/…` sources), run by V8 so that its
 * stack is the browser's own, then mapped back.
 */
const SOURCE = [
  '/** The video list, read; a failure is thrown. */',
  'export function logFailure(failure: unknown) {',
  '  throw new Error(`Video list failure: ${failure}`);',
  '}',
  '',
  'export function loadList() {',
  '  logFailure(400);',
  '}',
].join('\n');
const BUNDLE = 'function a(b){throw new Error("Video list failure: "+b)}function c(){a(400)}';
const SOURCE_NAME = 'webpack://tgm-news/./src/features/videos/api.ts';
const SCRIPT = 'main.0123456789ab.js';
const URL_OF_SCRIPT = `https://tgm.example/${SCRIPT}`;

function sourceMap(): string {
  const generator = new SourceMapGenerator({ file: SCRIPT });
  const at = (snippet: string, line: number, column: number, name?: string) =>
    generator.addMapping({ generated: { line: 1, column: BUNDLE.indexOf(snippet) }, original: { line, column }, source: SOURCE_NAME, name });
  at('function a', 2, 0, 'logFailure');
  at('throw', 3, 2);
  at('new Error', 3, 8);
  at('function c', 6, 0, 'loadList');
  at('a(400)', 7, 2, 'logFailure');
  generator.setSourceContent(SOURCE_NAME, SOURCE);
  return generator.toString();
}

/** The stack V8 writes for the bundle's error, as a browser running it from its address would. */
function realStack(): string {
  const loadList = vm.runInThisContext(`${BUNDLE};c`, { filename: URL_OF_SCRIPT }) as () => void;
  try {
    loadList();
  } catch (error) {
    return (error as Error).stack as string;
  }
  throw new Error('the bundle did not throw');
}

let webDir: string;
beforeAll(() => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-stacks-'));
  fs.writeFileSync(path.join(webDir, SCRIPT), BUNDLE);
  fs.writeFileSync(path.join(webDir, `${SCRIPT}.map`), sourceMap());
  fs.writeFileSync(path.join(webDir, BUILD_INFO_FILE), JSON.stringify({ version: '1.0.0', commit: 'abc1234' }));
});
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

describe('a report’s stacks read in the sources', () => {
  it('maps a real stack of the minified bundle to the source files and lines of src/', async () => {
    const stack = realStack();
    expect(stack).toMatch(new RegExp(`at a \\(${URL_OF_SCRIPT.replace(/\./g, '\\.')}:1:\\d+\\)`));
    const { build, stacks } = await createStackMapper(webDir).map([stack], 'abc1234');
    expect(build).toEqual({ version: '1.0.0', commit: 'abc1234' });
    expect(stacks).toHaveLength(1);
    const [mapped] = stacks;
    expect(mapped.note).toBeNull();
    expect(mapped.frames[0]).toEqual({ text: 'Error: Video list failure: 400', source: null, line: null, column: null, note: null });
    // The throw, then its caller: file and line of each, columns from 1.
    expect(mapped.frames[1]).toMatchObject({ source: 'src/features/videos/api.ts', line: 3, column: 9, note: null });
    expect(mapped.frames[2]).toMatchObject({ source: 'src/features/videos/api.ts', line: 7, column: 3, note: null });
    expect(mapped.frames[1].text).toContain(URL_OF_SCRIPT);
  });

  it('reads Firefox’s and Safari’s frames and the call site of a console.error the same way', async () => {
    const column = BUNDLE.indexOf('a(400)') + 1;
    const stack = `console.error\nc@${URL_OF_SCRIPT}:1:${column}\n    at ${URL_OF_SCRIPT}:1:${column}`;
    const [mapped] = (await createStackMapper(webDir).map([stack], 'abc1234')).stacks;
    expect(mapped.frames.map((frame) => frame.source && `${frame.source}:${frame.line}`)).toEqual([null, 'src/features/videos/api.ts:7', 'src/features/videos/api.ts:7']);
  });

  it('leaves another build’s stack as the browser wrote it, with a note in French', async () => {
    const stack = realStack();
    const [mapped] = (await createStackMapper(webDir).map([stack], 'fff0000')).stacks;
    expect(mapped.note).toBe(copy.otherBuild('fff0000', 'abc1234'));
    expect(mapped.frames.every((frame) => frame.source === null)).toBe(true);
    expect(mapped.frames.map((frame) => frame.text).join('\n')).toBe(stack);
  });

  it('notes a frame whose file is not one of the served build’s, and a server with no build', async () => {
    const stack = `TypeError: x\n    at b (https://tgm.example/main.ffffffffffff.js:1:5)\n    at https://www.youtube.com/iframe_api:3:9\n    at a (${URL_OF_SCRIPT}:1:22)`;
    const [mapped] = (await createStackMapper(webDir).map([stack, stack], 'abc1234')).stacks;
    expect(mapped.frames.map((frame) => frame.note)).toEqual([null, copy.frameNotInBuild, copy.frameNotInBuild, null]);
    expect(mapped.frames[3]).toMatchObject({ source: 'src/features/videos/api.ts', line: 3 });

    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-no-build-'));
    const none = await createStackMapper(empty).map([stack], 'abc1234');
    expect(none.build).toBeNull();
    expect(none.stacks[0].note).toBe(copy.noBuildServed);
    expect(none.stacks[0].frames.every((frame) => frame.source === null)).toBe(true);
  });

  it('names sources as the repository does, and finds a frame’s place whatever its form', () => {
    expect(sourcePath('webpack://tgm-news/./src/app/App.tsx')).toBe('src/app/App.tsx');
    expect(sourcePath('webpack://tgm-news/webpack/runtime/load script')).toBe('webpack/runtime/load script');
    expect(sourcePath('webpack://tgm-news/./node_modules/react-dom/cjs/react-dom.production.js')).toBe('node_modules/react-dom/cjs/react-dom.production.js');
    expect(sourcePath('webpack://tgm-news/../main/node_modules/@emotion/sheet/dist/x.js')).toBe('node_modules/@emotion/sheet/dist/x.js');
    expect(framePlace(`    at async Promise.all (index 0)`)).toBeNull();
    expect(framePlace(`    at f (${URL_OF_SCRIPT}:2:345)`)).toEqual({ file: SCRIPT, line: 2, column: 345 });
    expect(framePlace(`f@${URL_OF_SCRIPT}:2:345`)).toEqual({ file: SCRIPT, line: 2, column: 345 });
    // A path that climbs out of the build is only a file name here.
    expect(framePlace('    at https://tgm.example/../../etc/passwd.js:1:1')).toEqual({ file: 'passwd.js', line: 1, column: 1 });
  });
});
