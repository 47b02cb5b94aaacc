import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The import rules `npm run lint` enforces (.dependency-cruiser.cjs), tried on a scratch copy of
 * the tree: the copy as it is passes; planting a circle closed by type-only imports, or a module
 * reaching into another module's file, makes the check refuse it.
 */
const root = path.resolve(__dirname, '..');
let scratch: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-boundaries-'));
  for (const entry of ['server', 'src']) {
    fs.cpSync(path.join(root, entry), path.join(scratch, entry), { recursive: true, filter: (from) => !from.endsWith('.test.ts') && !from.endsWith('.test.tsx') });
  }
  for (const file of ['tsconfig.json', '.dependency-cruiser.cjs']) fs.copyFileSync(path.join(root, file), path.join(scratch, file));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The lint's import check on the scratch copy: its exit status and what it says. */
function cruise(): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/.bin/depcruise'), 'server', 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
    cwd: scratch,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Adds lines at the top of a file of the scratch copy. */
const plant = (file: string, lines: string) => {
  const target = path.join(scratch, file);
  fs.writeFileSync(target, `${lines}\n${fs.readFileSync(target, 'utf8')}`);
};

it('accepts the tree as it is, and refuses a type-only import circle and a module reaching into another module', () => {
  const clean = cruise();
  expect(clean.output).toContain('no dependency violations found');
  expect(clean.status).toBe(0);

  // The composer imports the claimed rows' leaf; the leaf naming a type of the composer closes a circle.
  plant('server/modules/mail/claimedRows.ts', "import type { MailComposer } from './compose';\nexport type Planted = MailComposer;");
  // visitors uses videos through its index.ts only.
  plant('server/modules/visitors/personal.ts', "import type { ChaineJson } from '../videos/types';\nexport type PlantedChaine = ChaineJson;");
  const planted = cruise();
  expect(planted.status).not.toBe(0);
  expect(planted.output).toMatch(/error no-circular: server\/modules\/mail\/(claimedRows|compose\/)/);
  expect(planted.output).toContain('error module-through-index: server/modules/visitors/personal.ts → server/modules/videos/types.ts');
});
