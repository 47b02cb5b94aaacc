/* ESLint 9 in legacy mode (ESLINT_USE_FLAT_CONFIG=false), as the project asks for .eslintrc.cjs. */
const fs = require('node:fs');
const path = require('node:path');

const featuresDir = path.join(__dirname, 'src/features');
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((name) => fs.statSync(path.join(featuresDir, name)).isDirectory())
  : [];

// Features never import each other: pages compose them (docs/architecture.md, «The browser app»).
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'A feature must not import another feature; compose them in a page.',
}));

// The mail module's concerns (docs/architecture.md, «Sending mail»): code outside a concern's folder imports it only
// through its index.ts.
const mailConcerns = ['compose', 'queue', 'tracking', 'bounces', 'schedules', 'reports', 'messages'];
const mailZones = mailConcerns.map((name) => ({
  target: [
    `./server/modules/mail/!(${name})/**/*`,
    './server/modules/mail/*.ts',
    './server/!(modules)/**/*',
    './server/*.ts',
    './server/modules/!(mail)/**/*',
    './{bench,e2e,scripts}/**/*',
  ],
  from: `./server/modules/mail/${name}/**/!(index).ts`,
  message: `Import the mail module's ${name} concern through its index.ts.`,
}));

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module', ecmaFeatures: { jsx: true } },
  env: { browser: true, node: true, es2022: true, jest: true },
  plugins: ['@typescript-eslint', 'import', 'react-hooks'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:react-hooks/recommended'],
  settings: {
    'import/resolver': { typescript: { project: ['tsconfig.json', 'server/tsconfig.json'], noWarnOnMultipleProjects: true }, node: true },
    'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  },
  rules: {
    'import/no-cycle': ['error', { ignoreExternal: true }],
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...featureZones,
          ...mailZones,
          {
            target: './src/shared',
            from: ['./src/features', './src/pages', './src/app'],
            message: 'src/shared is imported by everything and imports none of features, pages or app.',
          },
          {
            target: './src/features',
            from: ['./src/pages', './src/app'],
            message: 'Features must not import pages or the app.',
          },
          { target: './src', from: './server', message: 'The SPA does not import server code.' },
          { target: './server', from: './src', message: 'The server does not import SPA code.' },
        ],
      },
    ],
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/no-require-imports': 'off',
    'react-hooks/exhaustive-deps': 'error',
    'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
  },
  overrides: [
    { files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'], rules: { 'no-console': 'off' } },
  ],
  ignorePatterns: ['dist/', 'node_modules/', 'data/', 'coverage/', 'test-results/', 'playwright-report/'],
};
