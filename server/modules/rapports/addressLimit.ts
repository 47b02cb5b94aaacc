const HOUR_MS = 60 * 60 * 1000;

/**
 * Reports taken per address in the last hour (BUG_REPORT_RATE_LIMIT). A request holds a slot
 * from its start, so that parallel sends cannot all pass, and gives it back when it is refused
 * (too large, not JSON, invalid): only reports taken count. In memory, per process, like the
 * other rate limits.
 */
export function createAddressLimit(max: number, now: () => number = Date.now) {
  const taken = new Map<string, number[]>();

  const recent = (address: string) => {
    const since = now() - HOUR_MS;
    const times = (taken.get(address) ?? []).filter((time) => time > since);
    if (times.length === 0) taken.delete(address);
    else taken.set(address, times);
    return times;
  };

  return {
    /** A slot for one more report, or the milliseconds until one frees. */
    take(address: string): { release(): void } | { retryInMs: number } {
      const times = recent(address);
      if (times.length >= max) return { retryInMs: times[0] + HOUR_MS - now() };
      const time = now();
      times.push(time);
      taken.set(address, times);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const list = taken.get(address);
          const index = list?.indexOf(time) ?? -1;
          if (list && index >= 0) list.splice(index, 1);
          if (list?.length === 0) taken.delete(address);
        },
      };
    },
  };
}
