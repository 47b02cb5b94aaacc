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
import { seedDemo, usersSeed } from '../server/db/seed';
import { loadLinkSecret, mailTokens } from '../server/modules/mail/tracking';
import { startSmtpSink } from '../server/testing/smtpSink';
import { freePort } from '../server/testing/ports';
import { compare, printRatio, type BenchOptions, type Measurement, type Sample } from './measure';

// `npm run bench -- results --quick` runs small sizes (a check that it works, not a measure).
const QUICK = process.argv.includes('--quick');
const CONTACTS = QUICK ? 500 : 10_000;
const DSNS = QUICK ? 500 : 10_000;
const POOL = 5;
const BOUNCE_DOMAIN = 'bounces.bench.example';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const HTML = `<html><body><h1>Bonjour {{firstname}}</h1>
<p><a href="https://shop.example/offre?c={{firstname}}">L'offre du mois</a> · <a href="https://news.example/a1">Article 1</a></p>
<p><a href="https://news.example/a2">Article 2</a> · <a href="https://news.example/a3">Article 3</a> · <a href="mailto:contact@tgm.example">Écrire</a></p>
</body></html>`;
const TEXT = 'Bonjour {{firstname}}\nLes nouveautés du mois.';

function startSinkProcess() {
  const child: ChildProcess = fork(path.join(__dirname, 'support/smtpSinkProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const expect = (count: number) =>
    new Promise<void>((resolve) => {
      const onMessage = (m: { done?: number }) => {
        if (m.done !== count) return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
      child.send({ expect: count });
    });
  return { port, expect, stop: () => child.disconnect() };
}

interface Prepared {
  listId: number;
  untracked: number;
  tracked: number;
}

/** A data folder with a list of CONTACTS contacts and two templates, one tracked. */
async function prepareData(dataDir: string): Promise<Prepared> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = await openDb({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
  await migrate(db);
  await seedDemo(db, config, [usersSeed]);
  const [{ id: userId }] = await db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [config.adminEmail]);
  const [{ id: listId }] = await db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ('Bench', $1) RETURNING id`, [userId]);
  await db.query(
    `INSERT INTO grp_rcp (grp_id, user_id, email, firstname) SELECT $3, $1, 'c' || n || '@bench.example', 'C' || n FROM generate_series(1, $2) AS n`,
    [userId, CONTACTS, listId],
  );
  const template = async (tracking: boolean) => {
    const [{ id }] = await db.query<{ id: number }>(
      `INSERT INTO delivery (user_id, internalname, label, subject, code_html, code_text, properties)
       VALUES ($1, $2, 'Bench', 'Bonjour {{firstname}}', $3, $4, $5) RETURNING id`,
      [userId, `bench-${tracking}`, JSON.stringify([b64(HTML)]), JSON.stringify([b64(TEXT)]), JSON.stringify({ tracking })],
    );
    return id;
  };
  const prepared = { listId, untracked: await template(false), tracked: await template(true) };
  await db.close();
  return prepared;
}

/** The send of the list through the whole path, API call to the sink's last message, with tracking or without. */
async function trackingCost(rounds: number): Promise<void> {
  const sink = startSinkProcess();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-results-'));
  try {
    const { listId, untracked: plain, tracked: withTracking } = await prepareData(dataDir);
    const server = await startApiServer({
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      SMTP_URL: `smtp://127.0.0.1:${await sink.port}`,
      SMTP_POOL_SIZE: String(POOL),
      PUBLIC_URL: 'https://tgm.example',
    });
    try {
      const login = await fetch(`${server.url}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@tgm.local', password: 'admin-tgm-2026' }),
      });
      const { token } = (await login.json()) as { token: string };
      const sendOnce = async (delId: number): Promise<Sample> => {
        const arrived = sink.expect(CONTACTS);
        const start = performance.now();
        const response = await fetch(`${server.url}/api/sendEmail`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ delId, listId }),
        });
        if (response.status !== 202) throw new Error(`send refused: ${await response.text()}`);
        await arrived;
        return { operations: CONTACTS, seconds: (performance.now() - start) / 1000 };
      };
      // A first send warms the server up; then both kinds alternately, who goes first alternating.
      await sendOnce(plain);
      await compare(
        `tracking's cost on a send of ${CONTACTS} messages (goal ≥ 0.9)`,
        'messages/s',
        { label: 'send with tracking (4 links + open image)', run: () => sendOnce(withTracking) },
        { label: 'send without tracking', run: () => sendOnce(plain) },
        rounds,
      );
    } finally {
      await server.stop();
    }
  } finally {
    sink.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dsn = (to: string, recipient: string) =>
  [
    'From: MAILER-DAEMON@mx.bench.example',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
    '',
    '--B',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--B',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.bench.example',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    '--B--',
    '',
  ].join('\r\n');

/** DSNs through a pooled SMTP client, each to its address; answers the measurement. */
async function deliverDsns(port: number, addresses: string[], label: string): Promise<Measurement> {
  const pool = nodemailer.createTransport({ host: '127.0.0.1', port, pool: true, maxConnections: POOL, maxMessages: Infinity, ignoreTLS: true });
  const start = performance.now();
  await Promise.all(
    addresses.map((address, i) => pool.sendMail({ envelope: { from: '', to: address }, raw: dsn(address, `c${i + 1}@bench.example`) })),
  );
  const seconds = (performance.now() - start) / 1000;
  pool.close();
  return { label, operations: addresses.length, seconds, perSecond: addresses.length / seconds };
}

/**
 * The bounce receiver's rate: DSNS reports of sent messages over SMTP, each parsed and recorded
 * (the contact rejected in every list of the owner), against smtp-server merely accepting the
 * same reports.
 */
async function receiverRate(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-bounces-'));
  try {
    const { listId, untracked } = await prepareData(dataDir);
    const db = await openDb({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
    const [{ id: sendId }] = await db.query<{ id: number }>(
      `INSERT INTO mail_send (delivery_id, grp_id, user_id, version, label, list_subject, content, status, total)
       SELECT $2, id, user_id, 1, 'Bench', 'Bench', '{}', 'completed', $1 FROM grp WHERE id = $3 RETURNING id`,
      [DSNS, untracked, listId],
    );
    await db.query(
      `INSERT INTO mail_recipient (send_id, contact_id, status, sent_at)
       SELECT $1, id, 'sent', now() FROM grp_rcp WHERE grp_id = $3 ORDER BY id LIMIT $2`,
      [sendId, DSNS, listId],
    );
    const tokens = mailTokens(await loadLinkSecret(db));
    const contacts = await db.query<{ id: number }>('SELECT contact_id AS id FROM mail_recipient WHERE send_id = $1 ORDER BY contact_id', [sendId]);
    await db.close();
    const addresses = contacts.map(({ id }) => `bounce+${tokens.bounce.sign({ sendId, contactId: id })}@${BOUNCE_DOMAIN}`);

    const port = await freePort();
    const server = await startApiServer({
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      MAIL_WORKER: '1',
      BOUNCE_DOMAIN,
      BOUNCE_SMTP_PORT: String(port),
      BOUNCE_SMTP_HOST: '127.0.0.1',
    });
    let ours: Measurement;
    try {
      ours = await deliverDsns(port, addresses, `bounce receiver: parse and record (pool ${POOL})`);
    } finally {
      await server.stop();
    }
    const verify = await openDb({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
    const [{ rejected }] = await verify.query<{ rejected: number }>(`SELECT count(*)::int AS rejected FROM grp_rcp WHERE status = 'rejeté'`);
    await verify.close();

    const sink = await startSmtpSink({ keep: false });
    const raw = await deliverDsns(sink.port, addresses, `smtp-server accepting them (pool ${POOL})`);
    await sink.stop();
    printRatio(`bounce receiver on ${DSNS} DSNs over SMTP (reports/s)`, ours, raw);
    console.log(`  contacts rejected: ${rejected} of ${DSNS}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function resultsBench(options: BenchOptions): Promise<void> {
  await trackingCost(options.rounds);
  await receiverRate();
}
