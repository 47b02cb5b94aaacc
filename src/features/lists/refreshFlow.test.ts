import { dayAfter, runRefresh, type RefreshCalls, type RefreshStep } from './refreshFlow';

/** Calls that record what the refresh asked, answering 'ready' from the given poll on. */
function recorder(readyAtPoll: number | null, last: string | null = '2026-03-10T09:30:00.000Z') {
  const log: string[] = [];
  let polls = 0;
  const calls: RefreshCalls = {
    lastContactDate: async () => {
      log.push('last');
      return last;
    },
    createByDate: async (created) => {
      log.push(`byDate ${created}`);
      return 4;
    },
    poll: async () => {
      polls += 1;
      log.push(`poll ${polls}`);
      return readyAtPoll !== null && polls >= readyAtPoll;
    },
    wait: async (ms) => {
      log.push(`wait ${ms}`);
    },
  };
  return { calls, log };
}

describe('runRefresh', () => {
  it('adds one day to the last creation date, creates by that date, then polls once when ready at once', async () => {
    const { calls, log } = recorder(1);
    const steps: RefreshStep[] = [];
    const outcome = await runRefresh(calls, (step) => steps.push(step));
    expect(log).toEqual(['last', 'byDate 2026-03-11T09:30:00.000Z', 'poll 1']);
    expect(outcome).toEqual({ phase: 'done', added: 4 });
    expect(steps).toEqual([
      { phase: 'lastDate' },
      { phase: 'creating' },
      { phase: 'polling', poll: 1 },
      { phase: 'done', added: 4 },
    ]);
  });

  it('polls every 30000 ms until ready', async () => {
    const { calls, log } = recorder(2);
    expect(await runRefresh(calls, () => undefined)).toEqual({ phase: 'done', added: 4 });
    expect(log.slice(2)).toEqual(['poll 1', 'wait 30000', 'poll 2']);
  });

  it('stops after 3 polls and says the data is not ready', async () => {
    const { calls, log } = recorder(null);
    expect(await runRefresh(calls, () => undefined)).toEqual({ phase: 'notReady', added: 4 });
    expect(log.slice(2)).toEqual(['poll 1', 'wait 30000', 'poll 2', 'wait 30000', 'poll 3']);
  });

  it('stops at the first failing call', async () => {
    const { calls, log } = recorder(1);
    calls.createByDate = async () => Promise.reject(new Error('refused'));
    await expect(runRefresh(calls, () => undefined)).rejects.toThrow('refused');
    expect(log).toEqual(['last']);
  });
});

describe('dayAfter', () => {
  it('adds 24 hours, and starts a list without contacts from the epoch', () => {
    expect(dayAfter('2026-12-31T23:00:00Z')).toBe('2027-01-01T23:00:00.000Z');
    expect(dayAfter(null)).toBe('1970-01-02T00:00:00.000Z');
  });
});
