import fs from 'node:fs/promises';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMapInput } from 'source-map-js';
import { rapportsCopy as copy } from './copy';

/**
 * A report's stacks read back in the sources (docs/qa-traces.md, «Readable stacks»): a console
 * entry's stack points into the minified bundles the browser ran; the server reads the source
 * maps of the build it serves (WEB_DIR, never served to browsers) and answers each frame's
 * source file, line and column. A frame is mapped only when the report comes from the build the
 * server serves (same commit) and its file is one of that build's: another build's lines would
 * be wrong, so its frames stay as the browser wrote them, with a note.
 */

/** What the build says of itself (written by webpack.config.ts beside the bundles, never served). */
export const BUILD_INFO_FILE = 'build-info.json';

export interface BuildInfo {
  version: string;
  commit: string;
}

export interface MappedFrame {
  /** The frame's line as the browser wrote it. */
  text: string;
  /** The source file (`src/…`), line and column (both from 1), when the frame was mapped. */
  source: string | null;
  line: number | null;
  column: number | null;
  /** Why a frame that names a bundle's place was not mapped (French). */
  note: string | null;
}

export interface MappedStack {
  /** The stack as the report holds it (the key the viewer finds it by). */
  stack: string;
  frames: MappedFrame[];
  /** Why none of its frames could be mapped (another build, no build served), in French. */
  note: string | null;
}

/** A frame's place at its end: `(https://host/main.abc.js:2:1234)`, `fn@https://…:2:1234` or ` at https://…:2:1234`. */
const PLACE = /((?:[a-z][\w+.-]*:\/\/[^\s()]*|\/[^\s()]*)):(\d+):(\d+)\)?$/i;
/** A built script's name: a file of the build's own folder, no path. */
const BUILT_SCRIPT = /^[\w.-]+\.js$/;
/** Stacks answered at most, and frames a stack: the recorder keeps 200 entries and 4,000 characters of each stack. */
const MAX_STACKS = 200;
const MAX_FRAMES = 100;
/** Source maps kept parsed (a map is read and parsed once: its name holds its content hash). */
const CACHED_MAPS = 12;

/**
 * `webpack://tgm-news/./src/a.ts` → `src/a.ts`; `webpack://tgm-news/webpack/runtime/x` →
 * `webpack/runtime/x`; a package from its `node_modules/` on, wherever the folder was (a link).
 */
export function sourcePath(source: string): string {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const packages = path.indexOf('node_modules/');
  return packages > 0 ? path.slice(packages) : path;
}

/** The built script a frame names and its place (line from 1, column from 1), or null when it names none. */
export function framePlace(text: string): { file: string; line: number; column: number } | null {
  const match = PLACE.exec(text.trim());
  if (!match) return null;
  let pathname: string;
  try {
    pathname = new URL(match[1], 'http://build.invalid/').pathname;
  } catch {
    return null;
  }
  return { file: decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1)), line: Number(match[2]), column: Number(match[3]) };
}

const exists = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

/**
 * The source maps of the build in `webDir`, read on demand and kept parsed (the last
 * `CACHED_MAPS`): `map(stacks, commit)` answers the stacks of a report recorded by `commit`.
 */
export function createStackMapper(webDir: string) {
  const maps = new Map<string, Promise<SourceMapConsumer | null>>();

  const consumerOf = (file: string): Promise<SourceMapConsumer | null> => {
    const cached = maps.get(file);
    if (cached) {
      // Most recently used last.
      maps.delete(file);
      maps.set(file, cached);
      return cached;
    }
    const loading = (async () => {
      const script = path.join(webDir, file);
      if (!(await exists(script))) return null;
      try {
        const raw = JSON.parse(await fs.readFile(`${script}.map`, 'utf8')) as RawSourceMapInput;
        return new SourceMapConsumer(raw);
      } catch {
        return null;
      }
    })();
    maps.set(file, loading);
    if (maps.size > CACHED_MAPS) maps.delete(maps.keys().next().value as string);
    // A failure is not kept: the build may be written in the meantime.
    void loading.then((consumer) => {
      if (!consumer && maps.get(file) === loading) maps.delete(file);
    });
    return loading;
  };

  async function build(): Promise<BuildInfo | null> {
    try {
      const info = JSON.parse(await fs.readFile(path.join(webDir, BUILD_INFO_FILE), 'utf8')) as Partial<BuildInfo>;
      return typeof info.commit === 'string' ? { version: String(info.version ?? 'unknown'), commit: info.commit } : null;
    } catch {
      return null;
    }
  }

  async function mapFrame(text: string, mapped: boolean): Promise<MappedFrame> {
    const unmapped = { text, source: null, line: null, column: null, note: null };
    const place = framePlace(text);
    if (!place || !mapped) return unmapped;
    if (!BUILT_SCRIPT.test(place.file)) return { ...unmapped, note: copy.frameNotInBuild };
    const consumer = await consumerOf(place.file);
    if (!consumer) return { ...unmapped, note: copy.frameNotInBuild };
    // Stacks count columns from 1, source maps from 0.
    const original = consumer.originalPositionFor({ line: place.line, column: Math.max(0, place.column - 1) });
    if (original.source === null || original.line === null) return { ...unmapped, note: copy.frameUnknownPlace };
    return { text, source: sourcePath(original.source), line: original.line, column: (original.column ?? 0) + 1, note: null };
  }

  return {
    build,
    /** The stacks mapped, each once, for a report recorded by the build `commit`. */
    async map(stacks: readonly string[], commit: string | null): Promise<{ build: BuildInfo | null; stacks: MappedStack[] }> {
      const served = await build();
      const note = !served ? copy.noBuildServed : commit !== served.commit ? copy.otherBuild(commit ?? 'unknown', served.commit) : null;
      const distinct = [...new Set(stacks)].slice(0, MAX_STACKS);
      const mapped: MappedStack[] = [];
      for (const stack of distinct) {
        const lines = stack.split('\n').slice(0, MAX_FRAMES);
        const frames: MappedFrame[] = [];
        for (const line of lines) frames.push(await mapFrame(line, note === null));
        mapped.push({ stack, frames, note });
      }
      return { build: served, stacks: mapped };
    },
  };
}

export type StackMapper = ReturnType<typeof createStackMapper>;

/** The stacks of a report's console entries (a stored report, as parsed). */
export function stacksOf(report: { console?: unknown }): string[] {
  if (!Array.isArray(report.console)) return [];
  return report.console.flatMap((entry) =>
    typeof entry === 'object' && entry !== null && typeof (entry as { stack?: unknown }).stack === 'string' ? [(entry as { stack: string }).stack] : [],
  );
}
