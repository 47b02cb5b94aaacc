/// <reference lib="dom" />
// The in-page measurements run in Chromium: they need the DOM types the server project leaves out.
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { ensureWebBuild } from '../server/webBuild';
import { startApiServer } from '../e2e/support/apiServer';
import { median, type BenchOptions } from './measure';

const ROOT = path.resolve(__dirname, '..');
/** The public page's JavaScript budget over the wire (issue 13). */
const BUDGET_KB = 160;

const STATIC_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>TGM News</title></head>
<body><h1>TGM News</h1><p>Les vidéos des créateurs, rien que pour vous.</p></body></html>`;

interface Visit {
  /** Bytes received for each script (headers and encoded body), by file. */
  scripts: Map<string, { bytes: number; encoding: string }>;
  fcp: number;
}

/** Loads `url` in a fresh browser context, as a first visit: what came over the wire, and first contentful paint. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { bytes: number; encoding: string }>();
  const requests = new Map<string, { file: string; encoding: string }>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    requests.set(event.requestId, { file: new URL(event.response.url).pathname.slice(1), encoding: headers['content-encoding'] ?? 'none' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) scripts.set(request.file, { bytes: event.encodedDataLength, encoding: request.encoding });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const found = performance.getEntriesByName('first-contentful-paint')[0];
        if (found) return resolve(found.startTime);
        new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({ type: 'paint', buffered: true });
      }),
  );
  await context.close();
  return { scripts, fcp };
}

/**
 * The public page `/` on a first visit in Chromium: the JavaScript it receives over the wire
 * (compressed as the server negotiates it, headers included), and its first contentful paint
 * next to a static page's served from the same machine.
 */
export default async function bundleSizeBench(options: BenchOptions): Promise<void> {
  ensureWebBuild(ROOT, path.join(ROOT, 'dist'), (message) => console.log(message));
  const server = await startApiServer({ SKIP_WEB_BUILD: '1', FEED_REFRESH_MINUTES: '0' });
  const staticServer = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(STATIC_PAGE));
  await new Promise<void>((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
  const staticUrl = `http://127.0.0.1:${(staticServer.address() as { port: number }).port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const visits: Visit[] = [];
    const staticFcp: number[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      visits.push(await visit(browser, `${server.url}/`));
      staticFcp.push((await visit(browser, staticUrl)).fcp);
    }
    const [first] = visits;
    console.log('\nJavaScript the public page / receives on a first visit (Chromium, bytes over the wire)');
    let total = 0;
    for (const [file, { bytes, encoding }] of [...first.scripts].sort((a, b) => b[1].bytes - a[1].bytes)) {
      total += bytes;
      console.log(`  ${file.padEnd(44)} ${(bytes / 1024).toFixed(1).padStart(8)} kB  ${encoding}`);
    }
    console.log(`  total: ${(total / 1024).toFixed(1)} kB (budget ${BUDGET_KB} kB${total / 1024 > BUDGET_KB ? ': OVER' : ': within'})`);
    console.log(
      `  first contentful paint: / ${median(visits.map((v) => v.fcp)).toFixed(0)} ms, a static page ${median(staticFcp).toFixed(0)} ms (median of ${options.rounds})`,
    );
    if ([...first.scripts.keys()].some((file) => file.startsWith('backoffice-'))) throw new Error('the public page loads back-office code');
    if (first.scripts.size === 0) throw new Error('no script received: the page did not load');
    // Bytes, not time: the same build gives the same figure on any machine, so the budget holds the suite.
    if (total / 1024 > BUDGET_KB) throw new Error(`the public page's first JavaScript is over its ${BUDGET_KB} kB budget`);
  } finally {
    await browser.close();
    staticServer.close();
    await server.stop();
  }
}
