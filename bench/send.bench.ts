import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { startApiServer } from '../e2e/support/apiServer';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { printRatio, type Measurement } from './measure';

const CONTACTS = 20_000;
const POOL = 5;
const b64 = (text: string) => Buffer.from(text).toString('base64');
const HTML =
  '<html><body><h1>Bonjour {{firstname}}</h1><p>Les nouveautés du mois, rien que pour vous.</p></body></html>';
const TEXT = 'Bonjour {{firstname}}\nLes nouveautés du mois, rien que pour vous.';
const AMP =
  '<!doctype html><html ⚡4email><head><meta charset="utf-8"></head><body><p>Bonjour {{firstname}}</p></body></html>';

interface Sink {
  port: number;
  /** Resolves when the sink has accepted `count` more messages. */
  expect(count: number): Promise<void>;
  stop(): void;
}

async function startSinkProcess(): Promise<Sink> {
  const child: ChildProcess = fork(path.join(__dirname, 'support/smtpSinkProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return {
    port,
    expect: (count) =>
      new Promise<void>((resolve) => {
        const onMessage = (m: { done?: number }) => {
          if (m.done === count) {
            child.off('message', onMessage);
            resolve();
          }
        };
        child.on('message', onMessage);
        child.send({ expect: count });
      }),
    stop: () => child.disconnect(),
  };
}

/** A data folder holding a list of CONTACTS contacts and a template, as the server will find it. */
async function prepareData(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = await openDb({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
  await migrate(db);
  await seedDemo(db, config);
  const [{ id: userId }] = await db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [
    config.adminEmail,
  ]);
  await db.query(`INSERT INTO grp (id, subject, user_id) VALUES (1, 'Bench', $1)`, [userId]);
  await db.query(
    `INSERT INTO grp_rcp (grp_id, user_id, email, firstname) SELECT 1, $1, 'c' || n || '@bench.example', 'C' || n FROM generate_series(1, $2) AS n`,
    [userId, CONTACTS],
  );
  await db.query(
    `INSERT INTO delivery (id, user_id, internalname, label, subject, code_html, code_text, code_amp)
     VALUES (1, $1, 'bench', 'Bench', 'Bonjour {{firstname}}', $2, $3, $4)`,
    [userId, JSON.stringify([b64(HTML)]), JSON.stringify([b64(TEXT)]), AMP],
  );
  await db.close();
}

const rssKib = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/**
 * A send of a 20,000-contact list through the whole path (API call to the sink accepting the
 * last message: queue, worker, rendering, pooled SMTP) against nodemailer's pool sending the
 * same 20,000 messages straight to the same sink; and the server's peak memory meanwhile.
 */
export default async function sendBench(): Promise<void> {
  const sink = await startSinkProcess();
  const smtpUrl = `smtp://127.0.0.1:${sink.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-send-'));
  try {
    await prepareData(dataDir);
    const server = await startApiServer({
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      SMTP_URL: smtpUrl,
      SMTP_POOL_SIZE: String(POOL),
    });
    let peakRss = 0;
    let idleRss = 0;
    let ours: Measurement;
    let hwm: number;
    try {
      const login = await fetch(`${server.url}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@tgm.local', password: 'admin-tgm-2026' }),
      });
      const { token } = (await login.json()) as { token: string };
      const pid = server.serverPid();
      idleRss = rssKib(pid, 'VmRSS');
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssKib(pid, 'VmRSS'))), 50);
      const arrived = sink.expect(CONTACTS);
      const start = performance.now();
      const response = await fetch(`${server.url}/api/sendEmail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ delId: 1, listId: 1 }),
      });
      if (response.status !== 202) throw new Error(`send refused: ${await response.text()}`);
      await arrived;
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      hwm = rssKib(pid, 'VmHWM');
      ours = {
        label: `POST /api/sendEmail → last message (pool ${POOL})`,
        operations: CONTACTS,
        seconds,
        perSecond: CONTACTS / seconds,
      };
    } finally {
      await server.stop();
    }

    const pool = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: POOL, maxMessages: 1000 });
    const arrived = sink.expect(CONTACTS);
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONTACTS }, (_, i) =>
        pool.sendMail({
          from: 'TGM <no-reply@localhost>',
          to: `c${i + 1}@bench.example`,
          subject: `Bonjour C${i + 1}`,
          text: TEXT.replace('{{firstname}}', `C${i + 1}`),
          html: HTML.replace('{{firstname}}', `C${i + 1}`),
          amp: AMP.replace('{{firstname}}', `C${i + 1}`),
          messageId: `<raw-${i}@localhost>`,
        }),
      ),
    );
    await arrived;
    const seconds = (performance.now() - start) / 1000;
    pool.close();
    const raw = {
      label: `nodemailer pool straight to the sink (pool ${POOL})`,
      operations: CONTACTS,
      seconds,
      perSecond: CONTACTS / seconds,
    };

    printRatio(`send of ${CONTACTS} messages to an SMTP sink in another process (messages/s)`, ours, raw);
    const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
    console.log(
      `  server RSS: ${mib(idleRss)} before the send, peak ${mib(peakRss)} during it (VmHWM since start: ${mib(hwm)})`,
    );
  } finally {
    sink.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
