/**
 * Import rules lint enforces with dependency-cruiser (type-only imports counted): no import
 * circle anywhere in server/ or src/, and server modules use one another only through their
 * index.ts (docs/conventions.md).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle, type-only imports included: move what both sides need into a leaf file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment: "A server module imports another module only through that module's index.ts.",
      from: { path: '^server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/modules/([^/]+)/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
  },
};
