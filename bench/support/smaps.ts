import fs from 'node:fs';

/** A process's resident memory by kind of mapping, in MiB (from /proc/<pid>/smaps, Linux). */
export interface MemoryMap {
  /** Mappings of 1 GiB or more: WebAssembly memories (V8 reserves their whole address range). */
  wasm: number;
  /** glibc's malloc: the main heap ([heap]) and its thread arenas (64 MiB reservations). */
  malloc: number;
  /** Other anonymous mappings: V8's heaps (in 256 KiB pages), thread stacks, Node's buffers. */
  otherAnonymous: number;
  /** File-backed pages: node's binary, shared libraries, PGlite's .wasm and data files. */
  files: number;
}

const ARENA_KIB = 64 * 1024;

/**
 * Reads /proc/<pid>/smaps and sorts every mapping's resident pages. The sort is by shape:
 * V8 maps a WebAssembly memory as one reservation of several GiB, and glibc reserves its
 * thread arenas 64 MiB at a time (HEAP_MAX_SIZE), the arena's own mapping and the rest of
 * its reservation as two neighbours whose sizes add up to 64 MiB.
 */
export function memoryMap(pid: number): MemoryMap {
  const map: MemoryMap = { wasm: 0, malloc: 0, otherAnonymous: 0, files: 0 };
  const mappings: { name: string; start: number; size: number; rss: number }[] = [];
  let current: (typeof mappings)[number] | null = null;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      current = { name: header[3], start: parseInt(header[1], 16), size: 0, rss: 0 };
      mappings.push(current);
    } else if (current) {
      const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
      if (field?.[1] === 'Size') current.size = Number(field[2]);
      if (field?.[1] === 'Rss') current.rss = Number(field[2]);
    }
  }
  mappings.forEach((m, i) => {
    const mib = m.rss / 1024;
    const next = mappings[i + 1];
    const arena = !m.name && (m.size === ARENA_KIB || (next && !next.name && m.size + next.size === ARENA_KIB && m.start % (ARENA_KIB * 1024) === 0));
    if (m.name === '[heap]' || arena) map.malloc += mib;
    else if (m.name.startsWith('/')) map.files += mib;
    else if (m.size >= 1024 * 1024) map.wasm += mib;
    else map.otherAnonymous += mib;
  });
  return map;
}

export const memoryMapLine = (map: MemoryMap): string =>
  `WebAssembly ${map.wasm.toFixed(0)}, malloc ${map.malloc.toFixed(0)}, other anonymous (V8 heaps…) ${map.otherAnonymous.toFixed(0)}, files ${map.files.toFixed(0)}`;
