import { tuneGlibcMalloc } from './glibcMalloc';

const glibc = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;

describe('glibc malloc tuning', () => {
  it('is applied where libc is glibc, and its trim gives memory back without failing', async () => {
    const malloc = tuneGlibcMalloc();
    expect(malloc === null).toBe(!glibc);
    if (malloc) await expect(malloc.trim()).resolves.toBeUndefined();
  });
});
