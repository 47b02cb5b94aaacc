import fs from 'node:fs';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { TRACE_SESSION_KEY } from '../../src/shared/trace/activation';
import { parseTrace } from '../../src/shared/trace/parse';
import { describeReplay, replayTrace } from '../../src/app/trace/replay';

// A drop-in for '@playwright/test': only `test` differs.
export * from '@playwright/test';

/** Where each journey's Redux traces go: test-results/traces/<file>--<test>[-<page load>].json. */
export const TRACES_DIR = path.resolve(__dirname, '../../test-results/traces');

const EARLIER_LOADS_KEY = 'tgm:e2e:earlier-traces';

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * Playwright's `test` with one automatic fixture: the app records its Redux trace (turned on
 * as QA does in production, through the tab's trace flag), and after the test each page
 * load's trace is saved as a test artifact and replayed through the root reducer, which must
 * give back the recorded states. A trace is read when the page goes away (reload,
 * navigation) and at the end of the test.
 */
export const test = base.extend<{ reduxTrace: void }>({
  reduxTrace: [
    async ({ page }, use, testInfo) => {
      await page.addInitScript(
        ({ flag, earlier }) => {
          sessionStorage.setItem(flag, '1');
          // The tab's session storage outlives the page: each load's trace waits there.
          addEventListener('pagehide', () => {
            const text = window.__TGM_TRACE__?.exportText();
            if (!text) return;
            const saved: string[] = JSON.parse(sessionStorage.getItem(earlier) ?? '[]');
            sessionStorage.setItem(earlier, JSON.stringify([...saved, text]));
          });
        },
        { flag: TRACE_SESSION_KEY, earlier: EARLIER_LOADS_KEY },
      );

      await use();

      const traces = await page
        .evaluate((earlier) => {
          const saved: string[] = JSON.parse(sessionStorage.getItem(earlier) ?? '[]');
          const current = window.__TGM_TRACE__?.exportText();
          return current ? [...saved, current] : saved;
        }, EARLIER_LOADS_KEY)
        .catch(() => [] as string[]);
      fs.mkdirSync(TRACES_DIR, { recursive: true });
      const name = `${slug(path.basename(testInfo.file, '.e2e.ts'))}--${slug(testInfo.title)}`;
      for (const [index, text] of traces.entries()) {
        const file = path.join(TRACES_DIR, `${name}${traces.length > 1 ? `-${index + 1}` : ''}.json`);
        fs.writeFileSync(file, text);
        await testInfo.attach(path.basename(file), { path: file, contentType: 'application/json' });
        // The journey's reducers must be deterministic: the trace replays in Node to the same states.
        const report = replayTrace(parseTrace(text));
        expect(report.matches, `${path.basename(file)}: ${describeReplay(report)}`).toBe(true);
      }
    },
    { auto: true },
  ],
});
