// Adds up what jest and Playwright reported in a test log into one closing line:
// "summary: N passed, N failed".
const fs = require('node:fs');

const log = fs.readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
for (const line of log.split('\n')) {
  const jest = /^Tests:\s+(.*)$/.exec(line);
  if (jest) {
    passed += Number(/(\d+) passed/.exec(jest[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(jest[1])?.[1] ?? 0);
    continue;
  }
  const playwright = /^\s+(\d+) (passed|failed|flaky)\b/.exec(line);
  if (playwright) {
    if (playwright[2] === 'passed') passed += Number(playwright[1]);
    else failed += Number(playwright[1]);
  }
}
console.log(`summary: ${passed} passed, ${failed} failed`);
