import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench` runs every bench/*.bench.ts one after the other (one at a time: the
 * machine has two cores); `npm run bench -- NAME` runs those whose file name holds NAME.
 */
async function main() {
  const filter = process.argv[2] ?? '';
  const files = fs
    .readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
    .sort();
  if (files.length === 0) throw new Error(`no benchmark matches "${filter}"`);
  for (const file of files) {
    console.log(`\n=== ${file}`);
    const bench = (await import(path.join(__dirname, file))) as { default: () => Promise<void> };
    await bench.default();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
