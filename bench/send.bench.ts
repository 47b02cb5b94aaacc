import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import nodemailer from 'nodemailer';
import { startApiServer } from '../e2e/support/apiServer';
import {
  compileContent,
  composeMessage,
  sendMessageId,
  senderDomain,
  SIGNED_HEADERS,
  type SendContent,
} from '../server/modules/mail/compose';
import { unsubscribeTokens } from '../server/modules/mail/tracking';
import { listOf, newDelivery, sendAndWait, signIn } from './support/api';
import { enginesFor, type Engine } from './support/engines';
import { startSinkProcess, type Sink } from './support/sink';
import { compare, latencyLine, probeHealth, rate, rssMiB, sampleRss, timed, type BenchOptions, type Side } from './measure';

const POOL = 5;
/** Messages the raw side has in flight, as many as the server's worker holds (MAIL_BATCH_SIZE). */
const IN_FLIGHT = 100;
const FROM = 'TGM News <no-reply@localhost>';
/** Both sides sign with this key (DKIM_PRIVATE_KEY for ours): the same work on each. */
const DKIM_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The raw side's key parsed once, as the server parses DKIM_PRIVATE_KEY once: not a PEM parse a message. */
const DKIM_SIGNING_KEY = createPrivateKey(DKIM_KEY);
const CONTENT: SendContent = {
  subject: 'Bonjour {{firstname}}',
  // A <style> block: ours inlines it (once per send, on the template), as the raw side's compile does.
  html:
    '<html><head><style>h1 { color: #1a237e; font-family: Arial, sans-serif; } p { line-height: 1.5; } ' +
    '@media (max-width: 600px) { h1 { font-size: 20px; } }</style></head>' +
    '<body><h1>Bonjour {{firstname}}</h1><p>Les nouveautés du mois, rien que pour vous.</p></body></html>',
  text: 'Bonjour {{firstname}}\nLes nouveautés du mois, rien que pour vous.',
  amp:
    '<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8">' +
    '<script async src="https://cdn.ampproject.org/v0.js"></script>' +
    '<style amp4email-boilerplate>body{visibility:hidden}</style></head><body><p>Bonjour {{firstname}}</p></body></html>',
  vars: {},
};

/** The install id the raw side writes in its Message-IDs: as long as the server's, so the bytes match. */
const INSTALL_ID = '0123456789abcdef';

/**
 * Ours: the compiled server run as the README runs it (`node build/server/main.js`,
 * NODE_ENV=production, default settings but for where mail goes and the signing key both
 * sides share), data made through its API, then POST /api/sendEmail, the clock stopping when
 * the send reads `completed` (queue, worker, rendering, signing, pooled SMTP, bookkeeping);
 * every round sends again to the same list on the same database. Raw: nodemailer's pool (same
 * size) sending the same messages, composed by the same code from the same template, signed
 * with the same key, to the same sink.
 */
async function benchSend(engine: Engine, contacts: number, sink: Sink, options: BenchOptions): Promise<void> {
  await engine.prepare();
  const server = await startApiServer(
    {
      ...engine.serverEnv,
      // No feed refresh: this machine reaches no YouTube, and its failures are not the send's work.
      FEED_REFRESH_MINUTES: '0',
      SMTP_URL: sink.url,
      MAIL_FROM: FROM,
      DKIM_PRIVATE_KEY: DKIM_KEY,
    },
    { compiled: true },
  );
  const sizes = { ours: 0, raw: 0 };
  let peakRss = 0;
  try {
    const pid = server.serverPid();
    const token = await signIn(server);
    const listId = await listOf(server, token, contacts);
    const deliveryId = await newDelivery(server, token, CONTENT);

    /** One send through the API, the clock stopping when it reads `completed`. */
    const sendOnce = async () => {
      const rss = sampleRss(pid);
      const arrived = sink.expect(contacts);
      const sample = await timed(async () => {
        await sendAndWait(server, token, deliveryId, listId);
        return contacts;
      });
      sizes.ours = (await arrived).bytes / contacts;
      peakRss = Math.max(peakRss, rss.stop());
      return sample;
    };
    const ours: Side = { label: `POST /api/sendEmail → send completed (pool ${POOL})`, run: sendOnce };

    const compiled = compileContent(CONTENT);
    const installId = INSTALL_ID;
    const tokens = unsubscribeTokens('bench-secret');
    const domain = senderDomain(FROM);
    const raw: Side = {
      label: `nodemailer pool ${POOL}, same messages, same sink`,
      run: async (round) => {
        const pool = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: POOL, maxMessages: 1000 });
        const arrived = sink.expect(contacts);
        const message = (i: number) => {
          const composed = composeMessage(
            compiled,
            { email: `c${i + 1}@bench.example`, firstname: `C${i + 1}`, lastname: '' },
            {
              from: FROM,
              messageId: sendMessageId(round + 1, i + 1, installId, domain),
              unsubscribeUrl: `${server.url}/api/unsubscribe/${tokens.sign(i + 1)}`,
              // The footer's second link (issue 37), as ours writes it.
              preferencesUrl: `${server.url}/preferences/${tokens.preferences.sign(i + 1)}`,
            },
          );
          // The headers ours adds, and nodemailer's own DKIM signing with the same key and header list.
          return {
            ...composed,
            list: { id: { url: `list-${listId}.${installId}.${domain}`, comment: 'Bench' } },
            headers: { ...(composed.headers as Record<string, string>), 'Feedback-ID': `${round + 1}:${listId}:envoi:${installId}` },
            dkim: { domainName: domain, keySelector: 'tgm', privateKey: DKIM_SIGNING_KEY, headerFieldNames: SIGNED_HEADERS.join(':') },
          };
        };
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

    await compare(`send of ${contacts} messages to an SMTP sink in another process, ${engine.name} database`, 'messages/s', ours, raw, options.rounds, {
      settle: !options.quick,
      beforeTurn: () => engine.settle(),
    });
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
    console.log(
      `  server memory: peak RSS sampled during the sends ${peakRss.toFixed(0)} MiB, ` +
        `high-water mark since its start (VmHWM: start, import, sends) ${rssMiB(pid, 'VmHWM').toFixed(0)} MiB`,
    );
    console.log(latencyLine(`GET /api/health during one more send (${rate(probed).toFixed(0)} messages/s meanwhile)`, health));
  } finally {
    await server.stop();
  }
}

export default async function sendBench(options: BenchOptions): Promise<void> {
  // BENCH_SEND_CONTACTS=20000 runs one size (100k signed messages take many minutes a round).
  const sizes = options.quick ? [500] : process.env.BENCH_SEND_CONTACTS ? [Number(process.env.BENCH_SEND_CONTACTS)] : [20_000, 100_000];
  const sink = await startSinkProcess();
  try {
    for (const contacts of sizes) {
      // One fresh data folder per run: the server's (startApiServer makes it).
      for (const engine of enginesFor(options, os.tmpdir())) {
        try {
          await benchSend(engine, contacts, sink, options);
        } finally {
          await engine.drop();
        }
      }
    }
  } finally {
    sink.stop();
  }
}
