import fs from 'node:fs';
import path from 'node:path';
import { describeReplay, replayTrace } from '../app/trace/replay';
import { parseTrace } from '../shared/trace';

/** Traces checked in as regression tests (`npm run trace:test`), from real journeys. */
export const REGRESSION_TRACES_DIR = path.resolve(__dirname, 'traces');
/** Traces the browser journeys saved on their last run (e2e/support/test.ts). */
export const JOURNEY_TRACES_DIR = path.resolve(__dirname, '../../test-results/traces');

export const traceFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => path.join(dir, name))
    : [];

/**
 * A trace as a regression test: replayed through the app's root reducer, every recorded
 * state must come out again. A trace with no recorded state to compare fails.
 */
export function expectTraceToReplay(text: string): void {
  const report = replayTrace(parseTrace(text));
  expect(report.compared).toBeGreaterThan(0);
  expect({ matches: report.matches, report: describeReplay(report) }).toEqual({
    matches: true,
    report: expect.stringContaining('The replay matches'),
  });
}
