import { REFRESH_MAX_POLLS, REFRESH_POLL_INTERVAL_MS } from '../../shared/config/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last creation date plus one day (spec §4); a list without contacts starts from the epoch. */
export function dayAfter(created: string | null): string {
  return new Date((created ? new Date(created).getTime() : 0) + DAY_MS).toISOString();
}

export type RefreshStep =
  | { phase: 'lastDate' }
  | { phase: 'creating' }
  | { phase: 'polling'; poll: number }
  | { phase: 'done'; added: number }
  | { phase: 'notReady'; added: number };

/** The calls a refresh makes, and how it waits between polls. */
export interface RefreshCalls {
  lastContactDate: () => Promise<string | null>;
  createByDate: (created: string) => Promise<number>;
  /** True when the refreshed data is ready. */
  poll: () => Promise<boolean>;
  wait: (ms: number) => Promise<void>;
}

/**
 * The list refresh of spec §4 and §9: the last creation date, plus one day, recipients
 * created since then added, then the refresh trigger polled (at once, then every 30000 ms),
 * at most 3 times. Each step is reported; the last one says whether the data is ready.
 */
export async function runRefresh(calls: RefreshCalls, report: (step: RefreshStep) => void): Promise<RefreshStep> {
  report({ phase: 'lastDate' });
  const since = dayAfter(await calls.lastContactDate());
  report({ phase: 'creating' });
  const added = await calls.createByDate(since);
  for (let poll = 1; poll <= REFRESH_MAX_POLLS; poll += 1) {
    if (poll > 1) await calls.wait(REFRESH_POLL_INTERVAL_MS);
    report({ phase: 'polling', poll });
    if (await calls.poll()) {
      const done: RefreshStep = { phase: 'done', added };
      report(done);
      return done;
    }
  }
  const notReady: RefreshStep = { phase: 'notReady', added };
  report(notReady);
  return notReady;
}
