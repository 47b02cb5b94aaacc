import fs from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the thread whose entry is `name` in `directory`. Production runs the compiled server
 * (`build/server`), whose entry is JavaScript. In development and tests our sources are
 * TypeScript, run by tsx (or compiled in memory by jest): there the thread registers tsx's
 * CommonJS hook itself before loading its entry, whoever started the process. A thread takes
 * none of the process's Node options (`execArgv: []`) unless it is given some.
 */
export function startThreadEntry(directory: string, name: string, given: WorkerOptions): Worker {
  const options: WorkerOptions = { execArgv: [], ...given };
  const compiled = path.join(directory, `${name}.js`);
  if (fs.existsSync(compiled)) return new Worker(compiled, options);
  const entry = path.join(directory, `${name}.ts`);
  const code = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(code, { ...options, eval: true });
}
