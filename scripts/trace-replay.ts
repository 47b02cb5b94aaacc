/**
 * npm run trace:replay -- FILE... [--quiet]
 * Replays Redux traces (DevTools exports, in any of their shapes, or bug reports) in Node
 * through the app's root reducer, with no network; says first when a file comes from another
 * build and which slices' shape differs; prints the actions, the final state (redacted) and
 * whether the replay matches the recorded states. Exit status 0 when every file matches, 1 otherwise.
 */
import fs from 'node:fs';
import { appTraceMeta } from '../src/app/trace/appMeta';
import { describeReplay, replayTrace } from '../src/app/trace/replay';
import { checkVersion, parseTrace } from '../src/shared/trace';
import { buildInfo } from './buildInfo';

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const files = args.filter((arg) => arg !== '--quiet');
if (files.length === 0) {
  console.error('usage: npm run trace:replay -- FILE... [--quiet]');
  process.exit(1);
}

const current = appTraceMeta(buildInfo());
let failed = false;
for (const file of files) {
  try {
    const trace = parseTrace(fs.readFileSync(file, 'utf8'));
    for (const note of checkVersion(trace.meta, current).notes) console.log(`${file}: ${note}`);
    const report = replayTrace(trace);
    if (!quiet) {
      console.log(`Actions (${report.actions.length}):`);
      for (const { index, type } of report.actions) console.log(`${String(index).padStart(5)}  ${type}`);
      console.log('Final state (redacted):');
      console.log(JSON.stringify(report.finalState, null, 2));
    }
    console.log(`${file}: ${describeReplay(report)}`);
    failed ||= !report.matches;
  } catch (error) {
    console.error(`${file}: ${(error as Error).message}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
