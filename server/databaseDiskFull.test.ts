import { probeWrites } from './db/diskGuard';
import { createDiskWatch, type DiskWatch } from './shared/diskSpace';
import { createTestApp, type TestApp } from './testing/testApp';
import { contactEmails as emails, contactsCsv as csvOf, recordedLog, until } from './testing/diskFullFixtures';

jest.setTimeout(60_000);

/**
 * The database's own disk is full while DATA_DIR's has room: PostgreSQL's data files live on a
 * disk this process cannot measure, and tell it only by SQLSTATE 53100 ("could not extend
 * file"). The failure is injected where PostgreSQL would raise it (a trigger on the contacts'
 * table, and the watch's write probe), so that both engines, and PostgreSQL from `npm run
 * test:server:postgres`, go through the path a real server takes (diskFull.test.ts fills a real
 * disk under the embedded engine).
 */
let t: TestApp;
let watch: DiskWatch;
const log = recordedLog();

const NO_SPACE = `could not extend file "base/16384/24601": No space left on device`;

async function injected(): Promise<boolean> {
  const [{ full }] = await t.db.query<{ full: boolean }>('SELECT full_disk AS full FROM disk_injection');
  return full;
}

beforeAll(async () => {
  watch = createDiskWatch({
    dir: process.cwd(),
    reserveBytes: 0,
    log,
    everyMs: 100,
    // The real probe, then the injected refusal: a rolled-back write on the database's disk.
    probe: async () => {
      await probeWrites(t.db);
      if (await injected()) throw Object.assign(new Error(NO_SPACE), { code: '53100' });
    },
  });
  t = await createTestApp({ AUTOMATIONS_TICK_SECONDS: '0', FEED_REFRESH_MINUTES: '0' }, { disk: watch });
  await t.db.query('CREATE TABLE disk_injection (full_disk boolean NOT NULL)');
  await t.db.query('INSERT INTO disk_injection VALUES (false)');
  await t.db.query(`CREATE FUNCTION refuse_when_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (SELECT full_disk FROM disk_injection) THEN
        RAISE EXCEPTION '${NO_SPACE}' USING ERRCODE = '53100';
      END IF;
      RETURN NEW;
    END $$`);
  await t.db.query('CREATE TRIGGER refuse_when_full BEFORE INSERT ON grp_rcp FOR EACH ROW EXECUTE FUNCTION refuse_when_full()');
});
afterAll(async () => {
  watch?.stop();
  await t?.close();
});

it('answers 507 when the database says its disk is full, keeps serving, and resumes by itself once it has room', async () => {
  const headers = await t.adminBearer();
  const listId = (await t.call('POST', '/api/grps', headers, { subject: 'Disque de la base' })).json().id as number;
  const importCsv = (csv: string) =>
    t.app.inject({ method: 'POST', url: `/api/grps/${listId}/import`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
  expect((await importCsv(csvOf(0, 500))).statusCode).toBe(200);

  await t.db.query('UPDATE disk_injection SET full_disk = true');
  const cut = await importCsv(csvOf(1000, 2000));
  expect(cut.statusCode).toBe(507);
  expect(cut.json()).toMatchObject({ statusCode: 507, error: 'Insufficient Storage', message: expect.stringMatching(/disque du serveur est plein/) });
  // The file name PostgreSQL gave stays out of the answer.
  expect(cut.body).not.toContain('base/16384');

  // While full: health says so, reads and sign-in go on, any write is refused before it starts.
  const health = (await t.app.inject({ url: '/api/health' })).json();
  expect(health).toMatchObject({ status: 'ok', disk: 'plein' });
  expect((await t.app.inject({ url: `/api/grps/${listId}`, headers })).statusCode).toBe(200);
  await t.bearer(t.config.adminEmail, t.config.adminPassword);
  expect((await t.call('POST', '/api/grps', headers, { subject: 'Refusée' })).statusCode).toBe(507);
  // Still full a moment later: the probe's write fails too, so the watch does not leave the state.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await t.app.inject({ url: '/api/health' })).json().disk).toBe('plein');

  await t.db.query('UPDATE disk_injection SET full_disk = false');
  await until(async () => (await t.app.inject({ url: '/api/health' })).json(), (h) => h.disk === 'ok');
  expect((await importCsv(csvOf(5000, 500))).statusCode).toBe(200);
  const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM grp_rcp WHERE grp_id = $1 AND email = ANY($2)', [
    listId,
    [...emails(0, 500), ...emails(5000, 500)],
  ]);
  expect(n).toBe(1000);
  // Entered and left once each, whatever the number of refused requests.
  expect(log.lines.filter((line) => line.startsWith('disk full'))).toHaveLength(1);
  expect(log.lines.filter((line) => line.startsWith('disk space is back'))).toHaveLength(1);
});
