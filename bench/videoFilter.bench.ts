/// <reference lib="dom" />
// The in-page measurements run in Chromium: they need the DOM types the server project leaves out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { ensureWebBuild } from '../server/webBuild';
import { startApiServer } from '../e2e/support/apiServer';
import { printRatio, type BenchOptions, type Measurement } from './measure';

const ROOT = path.resolve(__dirname, '..');
const LIST = 'Bench5000';
const VIDEOS = 5000;
/** Typed one character at a time, then cleared, a few rounds. */
const QUERY = 'créateur 4';
const ROUNDS = 3;

/** A list of 5,000 videos over 100 channels, written into the data folder the server then opens. */
async function prepareData(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir });
  const db = await openDb({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    await seedDemo(db, config);
    await db.query(`INSERT INTO channel (youtube_id, name, theme)
      SELECT 'UCbench' || lpad(n::text, 17, '0'), 'Créateur ' || n, 'economie' FROM generate_series(1, 100) AS n`);
    await db.query(
      `INSERT INTO video (id, channel_id, title, published, views)
       SELECT 'bench' || lpad(n::text, 6, '0'), c.id, 'Vidéo de test numéro ' || n, now() - n * interval '1 minute', n
       FROM generate_series(1, $1::int) AS n
       JOIN channel c ON c.youtube_id = 'UCbench' || lpad((1 + n % 100)::text, 17, '0')`,
      [VIDEOS],
    );
    await db.query('INSERT INTO creator_list (name) VALUES ($1)', [LIST]);
    await db.query(
      `INSERT INTO creator_list_channel (list_id, channel_id)
       SELECT l.id, c.id FROM creator_list l, channel c WHERE l.name = $1 AND c.youtube_id LIKE 'UCbench%'`,
      [LIST],
    );
  } finally {
    await db.close();
  }
}

/**
 * Filtering a grid of 5,000 videos by creator name in a real browser: the main thread's work
 * per keystroke (Chromium's TaskDuration: scripts, React's render, style and layout), less the
 * same loop's cost without a keystroke, so that neither the frame clock nor the measuring
 * counts; next to the same filter over the same array in plain JavaScript.
 */
export default async function videoFilterBench(options: BenchOptions): Promise<void> {
  const rounds = options.quick ? 1 : ROUNDS;
  ensureWebBuild(ROOT, path.join(ROOT, 'dist'), (message) => console.log(message));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-'));
  await prepareData(dataDir);
  const server = await startApiServer({ DATA_DIR: dataDir, SKIP_WEB_BUILD: '1', FEED_REFRESH_MINUTES: '0' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/liste/${LIST}`);
    await page.getByRole('list', { name: `${VIDEOS} vidéos` }).waitFor({ timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
    // One step: type `value` (or nothing), then wait for the frame and for the page to be idle.
    // In-page code declares no named functions: tsx would wrap them in a helper the page lacks.
    const step = (value: string | null) =>
      page.evaluate(async (typed) => {
        if (typed !== null) {
          const input = document.querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
          const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (v: string) => void;
          valueSetter.call(input, typed);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
      }, value);
    let keystrokes = 0;
    let work = 0;
    let idle = 0;
    for (let round = 0; round < rounds; round += 1) {
      for (let i = 1; i <= QUERY.length; i += 1) {
        const before = await taskSeconds();
        await step(QUERY.slice(0, i));
        const between = await taskSeconds();
        await step(null);
        const after = await taskSeconds();
        work += between - before;
        idle += after - between;
        keystrokes += 1;
      }
      await step('');
    }
    const ours = { keystrokes, seconds: Math.max(work - idle, 1e-6) };

    const raw = await page.evaluate(
      async ({ url, list, query, rounds }) => {
        const response = await fetch(`${url}/api/videoByUser/${list}?itemsPerPage=5000`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ theme: list }),
        });
        const videos: { youtube_name: string }[] = (await response.json()).res[0].videos;
        let keystrokes = 0;
        let kept = 0;
        const start = performance.now();
        for (let round = 0; round < rounds * 100; round += 1) {
          for (let i = 1; i <= query.length; i += 1) {
            const needle = query.slice(0, i).toLowerCase();
            kept += videos.filter((video) => video.youtube_name.toLowerCase().includes(needle)).length;
            keystrokes += 1;
          }
        }
        return { keystrokes, seconds: (performance.now() - start) / 1000, kept, total: videos.length };
      },
      { url: server.url, list: LIST, query: QUERY, rounds },
    );
    if (raw.total !== VIDEOS || raw.kept === 0) throw new Error(`unexpected bench data: ${JSON.stringify(raw)}`);

    const measurement = (label: string, m: { keystrokes: number; seconds: number }): Measurement => ({
      label,
      operations: m.keystrokes,
      seconds: m.seconds,
      perSecond: m.keystrokes / m.seconds,
    });
    const perKey = (m: { keystrokes: number; seconds: number }) => ((m.seconds * 1000) / m.keystrokes).toFixed(3);
    printRatio(
      `filter a grid of ${VIDEOS} videos by creator name, per keystroke (Chromium)`,
      measurement('grid: main-thread work of a keystroke (filter + render)', ours),
      measurement('plain JS: Array.filter over the same array', raw),
    );
    console.log(`  per keystroke: grid ${perKey(ours)} ms of main-thread work (target < 8 ms), plain filter ${perKey(raw)} ms`);
    console.log(`  (the measuring loop alone costs ${((idle * 1000) / keystrokes).toFixed(3)} ms a step, subtracted)`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
