import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDiskWatch, type DiskWatch } from './shared/diskSpace';
import { createTestApp, type TestApp } from './testing/testApp';
import { makeDelivery, makeList, startSend, waitForSend } from './testing/mailFixtures';
import { contactEmails as emailsOf, contactsCsv as csvOf, recordedLog, until } from './testing/diskFullFixtures';

jest.setTimeout(60_000);

const MiB = 1024 * 1024;
let blind = false;
/** Above a WAL segment (16 MiB): PostgreSQL must never meet the full disk while it writes. */
const RESERVE = 24 * MiB;

/**
 * A small disk that fills and frees. Where this process may mount one (root), a 100 MiB tmpfs
 * that a ballast file fills for real: PostgreSQL and the outbox meet ENOSPC. Elsewhere, a
 * folder whose free room the watch reads from `room` (the injected failure): the same refusals
 * and recovery, without a real write failing.
 */
interface SmallDisk {
  dir: string;
  real: boolean;
  measure?: (dir: string) => Promise<number | null>;
  /** Leaves `left` bytes free. */
  fill(left: number): void;
  free(): void;
  dispose(): void;
}

const folderBytes = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).reduce((sum, name) => {
    const stats = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
    return sum + (stats?.isFile() ? stats.size : 0);
  }, 0);

function smallDisk(): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-disk-'));
  const ballast = path.join(dir, 'ballast');
  try {
    if (process.env.TGM_TEST_NO_MOUNT === '1') throw new Error('asked for the injected failure');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=100m', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    // Room as a disk of `left` bytes would have it: less by what the folder grew since.
    let left: number | null = null;
    let before = 0;
    return {
      dir,
      real: false,
      measure: async () => (left === null ? 10 * 1024 * MiB : left - (folderBytes(dir) - before)),
      fill: (bytes) => {
        before = folderBytes(dir);
        left = bytes;
      },
      free: () => void (left = null),
      dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  return {
    dir,
    real: true,
    // `blind`: the watch does not see the room go (another process filled the disk between two looks).
    measure: async (at) => {
      if (blind) return 10 * 1024 * MiB;
      const stats = await fs.promises.statfs(at);
      return stats.bavail * stats.bsize;
    },
    fill: (left) => {
      const stats = fs.statfsSync(dir);
      const size = Math.max(0, stats.bavail * stats.bsize - left);
      const fd = fs.openSync(ballast, 'a');
      try {
        // Written, not sparse: tmpfs counts the pages written. Stops where the disk is full.
        const chunk = Buffer.alloc(MiB, 1);
        for (let written = 0; written < size; ) written += fs.writeSync(fd, chunk, 0, Math.min(MiB, size - written));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(fd);
      }
    },
    free: () => fs.rmSync(ballast, { force: true }),
    dispose: () => {
      execFileSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('a full disk', () => {
  let disk: SmallDisk;
  let watch: DiskWatch;
  let t: TestApp;
  const log = recordedLog();

  beforeAll(async () => {
    disk = smallDisk();
    watch = createDiskWatch({ dir: disk.dir, reserveBytes: RESERVE, log, everyMs: 100, measure: disk.measure });
    t = await createTestApp(
      { DATA_DIR: disk.dir, MAIL_POLL_MS: '100', MAIL_BATCH_SIZE: '20', AUTOMATIONS_TICK_SECONDS: '0', FEED_REFRESH_MINUTES: '0' },
      { onDisk: true, disk: watch },
    );
  });
  afterAll(async () => {
    await t?.close();
    watch?.stop();
    disk?.dispose();
  });

  const health = async () => {
    const started = Date.now();
    const response = await t.app.inject({ url: '/api/health' });
    return { ms: Date.now() - started, code: response.statusCode, ...response.json() };
  };
  const count = async (listId: number) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM grp_rcp WHERE grp_id = $1', [listId]))[0].n;

  /** While full: health says so at once, reads and sign-in go on, a write is a French 507. */
  async function expectServedWhileFull(headers: { authorization: string }, listId: number) {
    const answer = await until(health, (h) => h.disk === 'plein', 5000);
    expect(answer).toMatchObject({ code: 200, status: 'ok', database: 'pglite', disk: 'plein' });
    expect(answer.ms).toBeLessThan(1000);
    expect((await t.app.inject({ url: `/api/grps/${listId}`, headers })).statusCode).toBe(200);
    await t.bearer(t.config.adminEmail, t.config.adminPassword);
    const write = await t.call('POST', '/api/grps', headers, { subject: 'Nouvelle liste' });
    expect(write.statusCode).toBe(507);
    expect(write.json()).toMatchObject({ statusCode: 507, error: 'Insufficient Storage', message: expect.stringMatching(/disque du serveur est plein/) });
  }

  it('during an import: the import stops with a 507, the server serves, and it all resumes when room is back', async () => {
    const headers = await t.adminBearer();
    const listId = (await t.call('POST', '/api/grps', headers, { subject: 'Import' })).json().id as number;
    const importCsv = (csv: string) =>
      t.app.inject({ method: 'POST', url: `/api/grps/${listId}/import`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
    expect((await importCsv(csvOf(0, 500))).statusCode).toBe(200);

    // Room for a few of the import's statements, then the reserve.
    disk.fill(RESERVE + 4 * MiB);
    const cut = await importCsv(csvOf(1000, 120_000));
    expect(cut.statusCode).toBe(507);
    expect(cut.json().message).toMatch(/disque du serveur est plein/);
    await expectServedWhileFull(headers, listId);
    expect(await count(listId)).toBeGreaterThanOrEqual(500);

    disk.free();
    await until(health, (h) => h.disk === 'ok');
    expect((await importCsv(csvOf(200_000, 500))).statusCode).toBe(200);
    // The acknowledged imports are whole.
    const acknowledged = [...emailsOf(0, 500), ...emailsOf(200_000, 500)];
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM grp_rcp WHERE grp_id = $1 AND email = ANY($2)', [
      listId,
      acknowledged,
    ]);
    expect(n).toBe(1000);
    expect(log.lines.filter((line) => line.startsWith('disk full'))).toHaveLength(1);
    expect(log.lines.filter((line) => line.startsWith('disk space is back'))).toHaveLength(1);
  });

  it('during a send: the worker waits, no message is lost or failed, and the send completes when room is back', async () => {
    log.lines.length = 0;
    const headers = await t.adminBearer();
    const listId = await makeList(t, headers, 300);
    const send = await startSend(t, headers, await makeDelivery(t, headers), listId);
    const outbox = path.join(disk.dir, 'outbox');
    const written = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    await until(async () => written().length, (n) => n >= 20);

    // Full for real where the disk is: the outbox's next writes fail with ENOSPC.
    disk.fill(0);
    await expectServedWhileFull(headers, listId);
    const paused = written().length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(written().length).toBe(paused);
    expect(paused).toBeLessThan(300);
    const during = (await t.app.inject({ url: `/api/sends/${send.id}`, headers })).json();
    expect(during.failed).toBe(0);

    disk.free();
    const done = await waitForSend(t, headers, send.id);
    expect(done).toMatchObject({ status: 'completed', sent: 300, failed: 0 });
    const files = written();
    expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(300);
    expect(files.filter((name) => !name.endsWith('.eml'))).toEqual([]);
    expect(log.lines).toEqual(['disk full: writes answer 507, sending and imports wait until space is back', 'disk space is back: writes, sending and imports resume']);
  });
  it('met by the database itself (the watch did not see it coming): health never hangs, and all resumes once room is back', async () => {
    log.lines.length = 0;
    const headers = await t.adminBearer();
    const listId = (await t.call('POST', '/api/grps', headers, { subject: 'Sans réserve' })).json().id as number;
    const importCsv = (csv: string) =>
      t.app.inject({ method: 'POST', url: `/api/grps/${listId}/import`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
    expect((await importCsv(csvOf(0, 500))).statusCode).toBe(200);

    // On the real disk PostgreSQL meets ENOSPC mid-import: an ERROR on a data file, or a PANIC
    // on a WAL segment, after which the engine starts again from disk (pgliteRestart.ts).
    blind = disk.real;
    disk.fill(disk.real ? 4 * MiB : 0);
    const cut = await importCsv(csvOf(1000, 120_000));
    expect([503, 507]).toContain(cut.statusCode);
    // Never a hang: health answers at once, saying why, however many times it is asked.
    for (let i = 0; i < 3; i += 1) {
      const answer = await health();
      expect(answer.ms).toBeLessThan(1000);
      expect(answer.disk).toBe('plein');
    }

    disk.free();
    blind = false;
    await until(health, (h) => h.code === 200 && h.disk === 'ok', 20_000);
    expect((await importCsv(csvOf(200_000, 500))).statusCode).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM grp_rcp WHERE grp_id = $1 AND email = ANY($2)', [
      listId,
      [...emailsOf(0, 500), ...emailsOf(200_000, 500)],
    ]);
    expect(n).toBe(1000);
    expect(log.lines.filter((line) => line.startsWith('disk full'))).toHaveLength(1);
  });
});

