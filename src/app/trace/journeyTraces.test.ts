import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../testing/demoUsers';
import { findSecrets, parsedExport } from '../../testing/secrets';
import { expectTraceToReplay, JOURNEY_TRACES_DIR, REGRESSION_TRACES_DIR, traceFiles } from '../../testing/traceReplay';

/**
 * The browser journeys' traces (saved by the last `npm run test:e2e`, when present) and the
 * ones checked in from real journeys (`npm run trace:test`): each replays through the root
 * reducer to the states the app computed, which holds only while every reducer is pure and
 * deterministic; and none carries a secret.
 */
const regressions = traceFiles(REGRESSION_TRACES_DIR);
const journeys = traceFiles(JOURNEY_TRACES_DIR);
const label = (file: string) => path.relative(process.cwd(), file);

describe('recorded traces', () => {
  it('include checked-in traces of real journeys', () => {
    expect(regressions.length).toBeGreaterThan(0);
  });

  describe.each([...regressions, ...journeys].map((file) => [label(file), file]))('%s', (_name, file) => {
    const text = fs.readFileSync(file, 'utf8');

    it('replays to the recorded states', () => {
      expectTraceToReplay(text);
    });

    it('holds no secret', () => {
      expect(findSecrets(parsedExport(text), [DEMO_ADMIN.password, DEMO_OPERATOR.password])).toEqual([]);
    });
  });
});
