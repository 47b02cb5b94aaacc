import vm from 'node:vm';
import { releaseMemoryWhenIdle, shouldRelease } from './idleMemory';

const MiB = 1024 * 1024;

describe('giving memory back when idle', () => {
  it('releases once the process is quiet and has grown since the last release', () => {
    expect(shouldRelease({ utilization: 0.01, rss: 300 * MiB }, 250 * MiB)).toBe(true);
  });

  it('leaves a busy process alone, however much it has grown', () => {
    expect(shouldRelease({ utilization: 0.4, rss: 400 * MiB }, 250 * MiB)).toBe(false);
  });

  it('leaves a quiet process alone that has not grown since it last released', () => {
    expect(shouldRelease({ utilization: 0, rss: 260 * MiB }, 250 * MiB)).toBe(false);
  });

  it('keeps V8’s gc() to itself: no context made afterwards sees it', () => {
    const log = { debug: jest.fn(), warn: jest.fn() } as unknown as Parameters<typeof releaseMemoryWhenIdle>[0]['log'];
    const idle = releaseMemoryWhenIdle({ malloc: null, log });
    try {
      expect(vm.runInNewContext('typeof gc')).toBe('undefined');
      expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    } finally {
      idle.stop();
    }
  });
});
