import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where reports' files live: DATA_DIR/rapports/<id>.json, the folder 0700 and each file 0600
 * (the server's user only: a report holds personal data), whatever the process's umask.
 */
export function reportFiles(dataDir: string) {
  const dir = path.join(dataDir, 'rapports');
  const fileOf = (id: number) => path.join(dir, `${id}.json`);
  return {
    dir,
    async write(id: number, text: string): Promise<void> {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.writeFile(fileOf(id), text, { mode: 0o600 });
      await fs.chmod(fileOf(id), 0o600);
    },
    /** The file's text, or null when it is gone. */
    async read(id: number): Promise<string | null> {
      try {
        return await fs.readFile(fileOf(id), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(id: number): Promise<void> {
      await fs.rm(fileOf(id), { force: true });
    },
  };
}

export type ReportFiles = ReturnType<typeof reportFiles>;
