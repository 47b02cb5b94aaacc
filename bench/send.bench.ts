import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { startApiServer, type RunningServer } from '../e2e/support/apiServer';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { compileContent, composeMessage, sendMessageId, senderDomain, type SendContent } from '../server/modules/mail/compose';
import { unsubscribeTokens } from '../server/modules/mail/tracking';
import { enginesFor, type Engine } from './support/engines';
import { startSinkProcess, type Sink } from './support/sink';
import { compare, latencyLine, probeHealth, rate, sampleRss, timed, type BenchOptions, type Side } from './measure';

const POOL = 5;
/** Messages the raw side has in flight, as many as the server's worker holds (MAIL_BATCH_SIZE). */
const IN_FLIGHT = 100;
const FROM = 'TGM News <no-reply@localhost>';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const CONTENT: SendContent = {
  subject: 'Bonjour {{firstname}}',
  html: '<html><body><h1>Bonjour {{firstname}}</h1><p>Les nouveautés du mois, rien que pour vous.</p></body></html>',
  text: 'Bonjour {{firstname}}\nLes nouveautés du mois, rien que pour vous.',
  amp: '<!doctype html><html ⚡4email><head><meta charset="utf-8"></head><body><p>Bonjour {{firstname}}</p></body></html>',
  vars: {},
};

/** A list of `contacts` contacts and a template, in the database the server will open; answers their ids. */
async function prepareData(engine: Engine, dataDir: string, contacts: number): Promise<{ listId: number; deliveryId: number }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = await engine.open();
  try {
    await migrate(db);
    await seedDemo(db, config);
    const [{ id: userId }] = await db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [config.adminEmail]);
    const [{ id: listId }] = await db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ('Bench', $1) RETURNING id`, [userId]);
    await db.query(
      `INSERT INTO grp_rcp (grp_id, user_id, email, firstname) SELECT $1, $2, 'c' || n || '@bench.example', 'C' || n FROM generate_series(1, $3) AS n`,
      [listId, userId, contacts],
    );
    const [{ id: deliveryId }] = await db.query<{ id: number }>(
      `INSERT INTO delivery (user_id, internalname, label, subject, code_html, code_text, code_amp)
       VALUES ($1, 'bench', 'Bench', $2, $3, $4, $5) RETURNING id`,
      [userId, CONTENT.subject, JSON.stringify([b64(CONTENT.html)]), JSON.stringify([b64(CONTENT.text)]), CONTENT.amp],
    );
    return { listId, deliveryId };
  } finally {
    await db.close();
  }
}

async function api<T>(server: RunningServer, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Ours: POST /api/sendEmail, the clock stopping when the send reads `completed` (queue,
 * worker, rendering, pooled SMTP, bookkeeping). Raw: nodemailer's pool (same size) sending the
 * same messages, composed by the same code from the same template, to the same sink.
 */
async function benchSend(engine: Engine, dataDir: string, contacts: number, sink: Sink, options: BenchOptions): Promise<void> {
  const { listId, deliveryId } = await prepareData(engine, dataDir, contacts);
  const server = await startApiServer({
    ...engine.serverEnv,
    DATA_DIR: dataDir,
    SKIP_WEB_BUILD: '1',
    FEED_REFRESH_MINUTES: '0',
    SMTP_URL: sink.url,
    SMTP_POOL_SIZE: String(POOL),
    MAIL_FROM: FROM,
  });
  const sizes = { ours: 0, raw: 0 };
  let peakRss = 0;
  try {
    const pid = server.serverPid();
    const { token } = (await (
      await fetch(`${server.url}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@tgm.local', password: 'admin-tgm-2026' }),
      })
    ).json()) as { token: string };

    /** One send through the API, the clock stopping when it reads `completed`. */
    const sendOnce = async () => {
      const rss = sampleRss(pid);
      const arrived = sink.expect(contacts);
      const sample = await timed(async () => {
        const send = await api<{ id: number }>(server, token, 'POST', '/api/sendEmail', { delId: deliveryId, listId });
        for (;;) {
          const view = await api<{ status: string }>(server, token, 'GET', `/api/sends/${send.id}`);
          if (view.status === 'completed') return contacts;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      sizes.ours = (await arrived).bytes / contacts;
      peakRss = Math.max(peakRss, rss.stop());
      return sample;
    };
    const ours: Side = { label: `POST /api/sendEmail → send completed (pool ${POOL})`, run: sendOnce };

    const compiled = compileContent(CONTENT);
    const tokens = unsubscribeTokens('bench-secret');
    const domain = senderDomain(FROM);
    const raw: Side = {
      label: `nodemailer pool ${POOL}, same messages, same sink`,
      run: async (round) => {
        const pool = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: POOL, maxMessages: 1000 });
        const arrived = sink.expect(contacts);
        const message = (i: number) =>
          composeMessage(
            compiled,
            { email: `c${i + 1}@bench.example`, firstname: `C${i + 1}`, lastname: '' },
            {
              from: FROM,
              messageId: sendMessageId(round + 1, i + 1, '0123456789abcdef', domain),
              unsubscribeUrl: `${server.url}/api/unsubscribe/${tokens.sign(i + 1)}`,
            },
          );
        // Composed as they go, IN_FLIGHT at a time: every pooled connection stays busy, and
        // 100,000 messages are never held in memory at once.
        let next = 0;
        const sendNext = async () => {
          while (next < contacts) await pool.sendMail(message(next++));
        };
        const sample = await timed(async () => {
          await Promise.all(Array.from({ length: IN_FLIGHT }, sendNext));
          return contacts;
        });
        sizes.raw = (await arrived).bytes / contacts;
        pool.close();
        return sample;
      },
    };

    await compare(`send of ${contacts} messages to an SMTP sink in another process, ${engine.name} database`, 'messages/s', ours, raw, options.rounds);
    const delta = ((sizes.ours - sizes.raw) / sizes.raw) * 100;
    console.log(
      `  message size: ours ${sizes.ours.toFixed(0)} B, raw ${sizes.raw.toFixed(0)} B (${delta >= 0 ? '+' : ''}${delta.toFixed(2)}%)` +
        (Math.abs(delta) > 1 ? '  ⚠ the two sides no longer send the same messages' : ''),
    );
    // The latency probe runs in a send of its own, outside the timed rounds: its requests are
    // work the raw side would not do.
    const probe = probeHealth(server.url);
    const probed = await sendOnce();
    const health = await probe.stop();
    console.log(`  server peak RSS during the sends: ${peakRss.toFixed(0)} MiB`);
    console.log(latencyLine(`GET /api/health during one more send (${rate(probed).toFixed(0)} messages/s meanwhile)`, health));
  } finally {
    await server.stop();
  }
}

export default async function sendBench(options: BenchOptions): Promise<void> {
  const sizes = options.quick ? [500] : [20_000, 100_000];
  const sink = await startSinkProcess();
  try {
    for (const contacts of sizes) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-send-'));
      try {
        for (const engine of enginesFor(options, dataDir)) {
          try {
            await benchSend(engine, dataDir, contacts, sink, options);
          } finally {
            await engine.drop();
          }
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    sink.stop();
  }
}
