/// <reference lib="dom" />
// The in-page measurements run in Chromium: they need the DOM types the server project leaves out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ensureWebBuild } from '../server/webBuild';
import { startApiServer } from '../e2e/support/apiServer';
import { consoleSessionTrace } from './support/consoleTrace';
import { median, percentile, type BenchOptions } from './measure';

const ROOT = path.resolve(__dirname, '..');
/** The QA build, as e2e/bugReport.e2e.ts makes it: the viewer is in development and QA builds only. */
const QA_DIR = path.join(ROOT, 'dist-qa');
const TARGET_MS = 100;

/**
 * Measures each arrow key in the page: from the keydown (a capturing listener, before the
 * viewer's) to the frame that shows the step, that is after the viewer's render, its effects
 * and the preview store's update have run, and after style, layout and paint (a message
 * posted from the next animation frame arrives once that frame is done). A string: code
 * compiled by tsx would call a naming helper the page lacks.
 */
const MEASURE_STEPS = `
  window.__stepTimes = [];
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const start = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__stepTimes.push(performance.now() - start);
      channel.port2.postMessage(null);
    });
  }, true);
`;

/** Presses `key` `count` times, one step after the other's frame; answers each step's time (ms). */
async function press(page: Page, key: 'ArrowLeft' | 'ArrowRight', count: number): Promise<number[]> {
  const before = await page.evaluate<number>('window.__stepTimes.length');
  for (let i = 1; i <= count; i += 1) {
    await page.keyboard.press(key);
    await page.waitForFunction(`window.__stepTimes.length >= ${before + i}`, undefined, { polling: 'raf', timeout: 30_000 });
  }
  return page.evaluate<number[]>(`window.__stepTimes.slice(${before})`);
}

const stepShown = (page: Page, index: number, last: number) => page.getByText(`Étape ${index} sur ${last}`, { exact: true }).waitFor({ timeout: 30_000 });

/**
 * Stepping through a 300-action trace of a console session (lists and contacts in RTK Query's
 * cache) in the trace viewer of the QA build, in Chromium: the time from an arrow key to the
 * frame showing that step's screen, action and state difference; median and p95 per step.
 */
export default async function traceViewerBench(options: BenchOptions): Promise<void> {
  ensureWebBuild(ROOT, QA_DIR, (message) => console.log(`QA build: ${message}`), { QA_BUILD: '1' });
  const { text, steps: last, types } = consoleSessionTrace();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-trace-bench-'));
  const file = path.join(dir, 'console-session.json');
  fs.writeFileSync(file, text);
  const server = await startApiServer({ SKIP_WEB_BUILD: '1', WEB_DIR: QA_DIR, FEED_REFRESH_MINUTES: '0' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    // The app's CSP forbids eval, which Playwright's waitForFunction uses to poll.
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await page.addInitScript(MEASURE_STEPS);
    await page.goto(`${server.url}/qa/traces`);
    await page.getByLabel('Choisir un fichier').setInputFiles(file);
    await page.getByRole('status').getByText(`console-session.json : ${last} action(s)`).waitFor({ timeout: 120_000 });
    // The keys step when nothing typed has the focus (the file input had it).
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    // Quick: the last 30 steps; else every step of the trace, back to the start and forward again, per round.
    const span = options.quick ? 30 : last;
    // The screens' code loads on first use (the lazy pages): one pass first, not measured.
    await press(page, 'ArrowLeft', span);
    await press(page, 'ArrowRight', span);
    await stepShown(page, last, last);
    console.log(`\nTrace viewer, one step (${last}-action console session trace, ${(text.length / 1e6).toFixed(1)} MB; Chromium, QA build)`);
    const all: number[] = [];
    /** Each measured step's action type: back from the last step, then forward again. */
    const typeAt = (index: number) => (index === 0 ? '(start)' : types[index - 1]);
    const landed = [...Array.from({ length: span }, (_, i) => last - 1 - i), ...Array.from({ length: span }, (_, i) => last - span + 1 + i)].map(typeAt);
    const byType = new Map<string, number[]>();
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    for (let round = 1; round <= options.rounds; round += 1) {
      const times = [...(await press(page, 'ArrowLeft', span)), ...(await press(page, 'ArrowRight', span))];
      await stepShown(page, last, last);
      all.push(...times);
      times.forEach((time, i) => byType.set(landed[i], [...(byType.get(landed[i]) ?? []), time]));
      console.log(
        `  round ${round}: ${times.length} steps, median ${fmt(median(times))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(Math.max(...times))}   target < ${TARGET_MS} ms`,
      );
    }
    if (options.rounds > 1) console.log(`  all rounds: median ${fmt(median(all))}, p95 ${fmt(percentile(all, 95))}`);
    const slowest = [...byType].sort((a, b) => median(b[1]) - median(a[1])).slice(0, 3);
    console.log(`  slowest steps by action: ${slowest.map(([type, times]) => `${type} median ${fmt(median(times))} (${times.length})`).join(', ')}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
