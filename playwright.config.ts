import { defineConfig } from '@playwright/test';

/** Browser tests: Debian's Chromium against the real server, started by e2e/globalSetup.ts. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/globalSetup.ts',
  // Two at a time: a journey mostly waits (for the server, the mail, the browser's timers),
  // and one browser kept the two cores a third busy. 7.9 against 9.8 minutes on two cores
  // (2026-11-28); files still run one test after the other.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
