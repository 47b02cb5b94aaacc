import { defineConfig } from '@playwright/test';

/** Browser tests: Debian's Chromium against the real server, started by e2e/globalSetup.ts. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/globalSetup.ts',
  // Two browsers at a time on two cores: the tests assert no timings, and each makes its own
  // data (names with a run id), so files run side by side against the one server.
  workers: 2,
  // Two browsers share two cores with the server: a test's budget has room for that.
  timeout: 90_000,
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
