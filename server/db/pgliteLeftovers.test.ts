import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeLeftoverPartials } from './pgliteTemplate';

/** A first start killed while it made the database leaves `pglite.<pid>.partial`: the next start removes it. */
it('removes the partial folders of processes that ended, and leaves a running one its own', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-partial-'));
  try {
    const dataDir = path.join(dir, 'pglite');
    const ended = path.join(dir, 'pglite.2147483646.partial');
    const running = path.join(dir, `pglite.${process.ppid}.partial`);
    const other = path.join(dir, 'pglite.notapid.partial');
    for (const folder of [ended, running, other]) fs.mkdirSync(folder);
    removeLeftoverPartials(dataDir);
    expect([ended, running, other].map((folder) => fs.existsSync(folder))).toEqual([false, true, true]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
