import koffi from 'koffi';

/** mallopt's parameter for the size from which glibc maps an allocation of its own. */
const M_MMAP_THRESHOLD = -3;
/** glibc's default for it, before its dynamic adjustment raises it. */
const MMAP_THRESHOLD_BYTES = 128 * 1024;

export interface GlibcMalloc {
  /** Gives the pages malloc holds free, in every thread's arena, back to the system (on a libuv thread). */
  trim(): Promise<void>;
}

/**
 * glibc's malloc, tuned from inside the process (koffi calls libc; Node has no FFI of its own).
 *
 * glibc raises its mmap threshold to the size of the largest mapped block freed so far (up to
 * 32 MiB): once PGlite's files or an import's body have been freed, every thread's arena keeps
 * that much freed memory instead of unmapping it. Measured on the compiled server (issue 27):
 * malloc's share of the resident memory after a 100k import and three 20k sends was 111 MiB,
 * 15–20 MiB with the threshold fixed and a trim when idle. The environment variable
 * MALLOC_MMAP_THRESHOLD_ does the same but must be set before the process starts, which the
 * server cannot do for every way users start it; mallopt() at run time can, if it runs before
 * the large buffers (call this first).
 *
 * Null where libc is not glibc (musl, macOS): nothing is tuned there.
 */
export function tuneGlibcMalloc(): GlibcMalloc | null {
  if (process.platform !== 'linux') return null;
  let libc: ReturnType<typeof koffi.load>;
  try {
    libc = koffi.load('libc.so.6');
  } catch {
    return null;
  }
  libc.func('int mallopt(int param, int value)')(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES);
  const mallocTrim = libc.func('int malloc_trim(size_t pad)');
  return {
    trim: () =>
      new Promise((resolve, reject) => mallocTrim.async(0, (error: unknown) => (error ? reject(error) : resolve()))),
  };
}
