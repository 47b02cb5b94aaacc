/**
 * npm run trace:test -- FILE [NAME]
 * Turns a Redux trace (or the trace of a bug report, `tgm-bug-….json`) into a regression test: when it replays as recorded, saves it, redacted,
 * as src/testing/traces/NAME.json, which the web tests replay on every run. A trace without
 * recorded states (a plain DevTools export) is saved with today's replayed states.
 */
import fs from 'node:fs';
import path from 'node:path';
import { appTraceMeta } from '../src/app/trace/appMeta';
import { describeReplay, replayTrace } from '../src/app/trace/replay';
import { checkVersion, exportTrace, parseTrace, redact } from '../src/shared/trace';
import { buildInfo } from './buildInfo';

const REGRESSION_TRACES = path.resolve(__dirname, '../src/testing/traces');

const [file, name] = process.argv.slice(2);
if (!file) {
  console.error('usage: npm run trace:test -- FILE [NAME]');
  process.exit(1);
}

try {
  const trace = parseTrace(fs.readFileSync(file, 'utf8'));
  for (const note of checkVersion(trace.meta, appTraceMeta(buildInfo())).notes) console.log(note);
  const report = replayTrace(trace);
  console.log(describeReplay(report));
  if (!report.matches) {
    console.error('Not saved: a regression test must replay as recorded.');
    process.exit(1);
  }
  const target = path.join(REGRESSION_TRACES, `${(name ?? path.basename(file, '.json')).replace(/[^\w.-]+/g, '-')}.json`);
  if (fs.existsSync(target)) {
    console.error(`Not saved: ${path.relative(process.cwd(), target)} exists; give another NAME.`);
    process.exit(1);
  }
  const saved = exportTrace({
    preloadedState: redact(trace.preloadedState),
    steps: trace.steps.map((step, index) => ({
      action: redact(step.action),
      timestamp: step.timestamp,
      state: redact(step.state ?? report.states[index]),
    })),
    meta: trace.meta,
  });
  fs.mkdirSync(REGRESSION_TRACES, { recursive: true });
  fs.writeFileSync(target, `${saved}\n`);
  console.log(`Saved ${path.relative(process.cwd(), target)}; \`npm run test:web -- src/app/trace\` replays it.`);
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(1);
}
