import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { httpApi } from './testing/httpApi';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';
import { startSmtpSink, type SmtpSink } from './testing/smtpSink';

jest.setTimeout(300_000);

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-backup-'));
const running: ServerProcess[] = [];
let sink: SmtpSink | undefined;

afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await sink?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** `npm run backup` / `npm run restore` from their sources, on DATA_DIR `dataDir`. */
const script = (name: 'backup' | 'restore', dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', `server/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: '', DATA_DIR: dataDir },
  });

const SEND_CONTACTS = 1000;

it('backs up the running server during an import, a send and list writes, and restores every acknowledged write into an empty DATA_DIR only', async () => {
  const source = path.join(work, 'source');
  // A relay slow enough that the send is under way while the backup is taken.
  sink = await startSmtpSink({ delayMs: 10, keep: false });
  const server = await startServerProcess(source, { MAIL_WORKER: '1', SMTP_URL: sink.url, MAIL_POLL_MS: '100', MAIL_BATCH_SIZE: '20' });
  running.push(server);
  const api = httpApi(server.url);
  const token = await api.login();
  const { delId, listId } = await api.prepareSend(token, 'envoyee', SEND_CONTACTS);
  const send = await api.call(token, 'POST', '/api/sendEmail', { delId, listId });
  expect(send.total).toBe(SEND_CONTACTS);
  await sink.waitForCount(50);
  const list = await api.call(token, 'POST', '/api/grps', { subject: 'Importée' });
  const rows = Array.from({ length: 20_000 }, (_, i) => `i${i}@example.org,I${i}`);
  const importing = api.call(token, 'POST', `/api/grps/${list.id}/import`, ['email,firstname', ...rows].join('\n'), 'text/csv');

  // Lists answered 201 before the backup starts must be in it.
  const acknowledged: number[] = [];
  for (let n = 0; n < 20; n += 1) acknowledged.push((await api.call(token, 'POST', '/api/grps', { subject: `Avant ${n}` })).id);
  // Messages the send has recorded as sent before the backup starts.
  const sentBefore = (await api.call(token, 'GET', `/api/sends/${send.id}`)).sent;
  const file = path.join(work, 'copy.tar.gz');
  const backup = await script('backup', source, file);
  expect(backup.stdout).toContain('Backup written');
  const imported = await importing;
  expect(imported).toBeTruthy();

  // A folder that holds anything is refused, with a message naming it.
  const refused = await script('restore', source, file).catch((error: { code: number; stderr: string }) => error);
  expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('is not empty') });

  const target = path.join(work, 'restored');
  await script('restore', target, file);
  const restored = await startServerProcess(target);
  running.push(restored);
  const rapi = httpApi(restored.url);
  const rtoken = await rapi.login();
  const lists = (await rapi.call(rtoken, 'GET', '/api/grps?itemsPerPage=1000')) as unknown as { 'hydra:member': { id: number }[] };
  const ids = new Set(lists['hydra:member'].map((member) => member.id));
  expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  // The import went on during the backup: the copy holds a whole prefix of its statements, never more rows than sent.
  const contacts = (await rapi.call(rtoken, 'GET', `/api/grp_rcps?grp=${list.id}&itemsPerPage=1`)) as unknown as { 'hydra:totalItems': number };
  expect(contacts['hydra:totalItems']).toBeLessThanOrEqual(rows.length);
  // The send is whole: every recipient, and at least what it had recorded sent when the backup began.
  const copied = await rapi.call(rtoken, 'GET', `/api/sends/${send.id}`);
  expect(copied.total).toBe(SEND_CONTACTS);
  expect(copied.sent).toBeGreaterThanOrEqual(sentBefore);
  expect(copied.sent + copied.pending + copied.failed).toBeLessThanOrEqual(SEND_CONTACTS);
  expect(sentBefore).toBeGreaterThan(0);
});
