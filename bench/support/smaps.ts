import fs from 'node:fs';

/** A process's resident memory by kind of mapping, in MiB (from /proc/<pid>/smaps, Linux). */
export interface MemoryMap {
  /** WebAssembly memories: V8 maps each between guard regions of several GiB (PROT_NONE). */
  wasm: number;
  /** glibc's malloc: the main heap ([heap]) and its thread arenas (64 MiB reservations). */
  malloc: number;
  /** Other anonymous mappings: V8's heaps (in 256 KiB pages), thread stacks, Node's buffers. */
  otherAnonymous: number;
  /** File-backed pages: node's binary, shared libraries, PGlite's .wasm and data files. */
  files: number;
}

const ARENA_KIB = 64 * 1024;
const GUARD_KIB = 1024 * 1024;

/**
 * Reads /proc/<pid>/smaps and sorts every mapping's resident pages. The sort is by shape:
 * V8 maps a WebAssembly memory between inaccessible guard regions of GiBs, and glibc reserves its
 * thread arenas 64 MiB at a time (HEAP_MAX_SIZE), the arena's own mapping and the rest of
 * its reservation as two neighbours whose sizes add up to 64 MiB.
 */
export function memoryMap(pid: number): MemoryMap {
  const map: MemoryMap = { wasm: 0, malloc: 0, otherAnonymous: 0, files: 0 };
  const mappings: { name: string; start: number; end: number; size: number; rss: number }[] = [];
  let current: (typeof mappings)[number] | null = null;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      current = { name: header[3], start: parseInt(header[1], 16), end: parseInt(header[2], 16), size: 0, rss: 0 };
      mappings.push(current);
    } else if (current) {
      const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
      if (field?.[1] === 'Size') current.size = Number(field[2]);
      if (field?.[1] === 'Rss') current.rss = Number(field[2]);
    }
  }
  const guard = (m: (typeof mappings)[number] | undefined) => m !== undefined && !m.name && m.size >= GUARD_KIB && m.rss === 0;
  mappings.forEach((m, i) => {
    const mib = m.rss / 1024;
    const [previous, next] = [mappings[i - 1], mappings[i + 1]];
    const betweenGuards = (guard(previous) && previous.end === m.start) || (guard(next) && next.start === m.end);
    const arena = !m.name && (m.size === ARENA_KIB || (next && !next.name && m.size + next.size === ARENA_KIB && m.start % (ARENA_KIB * 1024) === 0));
    if (m.name.startsWith('/')) map.files += mib;
    else if (!m.name && betweenGuards) map.wasm += mib;
    else if (m.name === '[heap]' || arena) map.malloc += mib;
    else map.otherAnonymous += mib;
  });
  return map;
}

export const memoryMapLine = (map: MemoryMap): string =>
  `WebAssembly ${map.wasm.toFixed(0)}, malloc ${map.malloc.toFixed(0)}, other anonymous (V8 heaps…) ${map.otherAnonymous.toFixed(0)}, files ${map.files.toFixed(0)}`;
