import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fsyncParent, fsyncTree, storageOptions } from './pgliteStorage';

/**
 * A new embedded database made from a template instead of PGlite's initdb.
 *
 * PGlite creates a database by starting a second PostgreSQL and an initdb module, each in a
 * WebAssembly heap of its own: a first start peaked at ~800 MiB for that alone (issue 27).
 * Unpacking a dump of a freshly created database gives the same files at ~300 MiB and in a
 * quarter of the time. The dump is made once, in a process of its own, by the build
 * (`scripts/build.js`) and by the test suites' set-up, for the PGlite version installed; a
 * server that finds none creates its database with initdb as before.
 */

/** The PGlite version installed (its package.json is not among its exports). */
const version = (
  JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** `build/pglite-template/` at the repository's root, from the sources as from the compiled server. */
const TEMPLATE_DIR = __filename.endsWith('.ts')
  ? path.resolve(__dirname, '..', '..', 'build', 'pglite-template')
  : path.resolve(__dirname, '..', '..', 'pglite-template');

/** The template for the PGlite version installed: a dump of another version could not be read. */
export const pgliteTemplateFile = (dir = TEMPLATE_DIR) => path.join(dir, `pglite-${version}.tar.gz`);

/** The template's path when one has been made, else null. */
export function findPgliteTemplate(): string | null {
  const file = pgliteTemplateFile();
  return fs.existsSync(file) ? file : null;
}

/**
 * Makes the template when it is missing. Written to a temporary name and renamed, so that
 * processes making it at once never read half a file. It holds a database with no table and
 * no data of ours.
 */
export async function makePgliteTemplate(file = pgliteTemplateFile()): Promise<string> {
  if (fs.existsSync(file)) return file;
  const lite = await PGlite.create();
  try {
    await writeDump(lite, file);
  } finally {
    await lite.close();
  }
  return file;
}

/** Writes a database's gzip dump to `file`, under a temporary name renamed once whole. */
export async function writeDump(lite: PGlite, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const dump = await lite.dumpDataDir('gzip');
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
}

/**
 * Creates a new database in `dataDir`: unpacked from the template when there is one (or from
 * a backup: `npm run restore`), else by initdb. Made under a temporary name and renamed once
 * closed, so that a creation cut short leaves no half-made database for the next start to
 * open; forced to disk before the rename when durable, the rename after it.
 */
export async function createDatabase(dataDir: string, template = findPgliteTemplate(), durable = true): Promise<void> {
  const partial = `${dataDir}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
  const lite = await PGlite.create({ ...storageOptions(partial, durable), loadDataDir });
  await lite.close();
  if (durable) fsyncTree(partial);
  fs.renameSync(partial, dataDir);
  if (durable) fsyncParent(dataDir);
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that id.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes what creations cut short left next to `dataDir` (`pglite.<pid>.partial`, see
 * createDatabase): a first start killed while it made the database. A folder whose process
 * still runs is left to it.
 */
export function removeLeftoverPartials(dataDir: string): void {
  const parent = path.dirname(dataDir);
  const prefix = `${path.basename(dataDir)}.`;
  if (!fs.existsSync(parent)) return;
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith(prefix) || !name.endsWith('.partial')) continue;
    const pid = name.slice(prefix.length, -'.partial'.length);
    if (!/^\d+$/.test(pid)) continue;
    if (Number(pid) === process.pid || !isRunning(Number(pid))) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

// `node build/server/db/pgliteTemplate.js`: what the build runs, in a process of its own.
// `… --create DIR`: the compiled server's first start creating its database (pgliteThread.ts).
if (require.main === module) {
  const [mode, dataDir, durability] = process.argv.slice(2);
  if (mode === '--create') {
    // Ctrl-C reaches the whole process group: the server decides when to stop, once this ends.
    process.on('SIGINT', () => undefined);
    process.on('SIGTERM', () => undefined);
    createDatabase(dataDir, findPgliteTemplate(), durability !== 'relaxed').then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  } else {
    makePgliteTemplate().then(
      (file) => {
        // A template kept from before is as good (it is named by the PGlite version): marked
        // current, so that `build.js --if-needed` does not come back to it at every start.
        const now = new Date();
        fs.utimesSync(file, now, now);
        console.error(`embedded database template: ${path.relative(process.cwd(), file)}`);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  }
}
