import fs from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

// Type checking is `npm run typecheck`'s job: tests are transpiled only (isolatedModules).
const tsJest = (tsconfig: string, overrides: Record<string, unknown> = {}) => ({
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: { ...require(tsconfig).compilerOptions, allowJs: true, rootDir: __dirname, ...overrides } }],
});

// The DevTools' own store instrumentation and import code (and what it imports), which the trace tests use on our exports.
const WEB_ESM_ONLY = ['@redux-devtools/instrument', '@redux-devtools/utils', '@redux-devtools/serialize', 'nanoid'];
const SERVER_ESM_ONLY = ['feed'];

/**
 * The server files whose database follows TEST_DATABASE_URL: those that start the test app
 * (a value import of `testing/testApp` or `testing/requests`) or read the variable, and the
 * `*.postgres.test.ts`. The PostgreSQL pass runs only these; the others (pure code, the
 * embedded engine's own tests, `npm start` in a child process) would run the same thing twice,
 * and a test app on the embedded engine's files (`onDisk: true`) is that engine's alone.
 */
const STARTS_TEST_APP = /^import\s+(?!type\b)[^;]*?from\s+'(?:[./]*\/testing\/|\.\/)(?:testApp|requests)'/m;
function engineFreeServerTests(dir = path.join(__dirname, 'server')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return engineFreeServerTests(file);
    if (!entry.name.endsWith('.test.ts') || entry.name.endsWith('.postgres.test.ts')) return [];
    const source = fs.readFileSync(file, 'utf8');
    // A test of the embedded engine's own files (`onDisk: true`) would meet PostgreSQL there instead.
    const followsEngine = (STARTS_TEST_APP.test(source) && !source.includes('onDisk: true')) || source.includes('TEST_DATABASE_URL');
    return followsEngine ? [] : [file];
  });
}
const escape = (file: string) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const config: Config = {
  // Each server test file opens its own database; two at a time fit two cores.
  maxWorkers: 2,
  // A server file's first test waits for the embedded database to start in its thread and be
  // migrated and seeded: seconds alone, tens of seconds on a loaded two-core machine.
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/src/testing/jsdomEnvironment.ts',
      roots: ['<rootDir>/src'],
      transform: tsJest('./tsconfig.json', {
        module: 'CommonJS',
        moduleResolution: 'Node10',
        ignoreDeprecations: '6.0',
      }),
      transformIgnorePatterns: [`/node_modules/(?!(${WEB_ESM_ONLY.join('|')})/)`],
      // mjml-browser (the « Blocs » mode's HTML) requires cheerio, whose browser build is ESM only.
      moduleNameMapper: { '^cheerio$': '<rootDir>/node_modules/cheerio/dist/commonjs/slim.js' },
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      // The real API server, started once for the web tests.
      globalSetup: '<rootDir>/src/testing/globalSetup.ts',
      globalTeardown: '<rootDir>/src/testing/globalTeardown.ts',
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      globalSetup: '<rootDir>/server/testing/globalSetup.ts',
      transform: tsJest('./server/tsconfig.json', {
        isolatedModules: true,
        module: 'CommonJS',
        moduleResolution: 'Node10',
        ignoreDeprecations: '6.0',
      }),
      // `*.postgres.test.ts` need a PostgreSQL server (several processes share it): `npm run test:server:postgres`.
      // ESM-only packages the server requires (Node requires ES modules; jest transforms them).
      transformIgnorePatterns: [`/node_modules/(?!(${SERVER_ESM_ONLY.join('|')})/)`],
      testPathIgnorePatterns: process.env.TEST_DATABASE_URL
        ? ['/node_modules/', ...engineFreeServerTests().map((file) => `^${escape(file)}$`)]
        : ['/node_modules/', '\\.postgres\\.test\\.ts$'],
    },
  ],
};

export default config;
