import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIGEST_MAX_VIDEOS, localTime, queueDueDigests } from '../server/modules/visitors/digest';
import { enginesFor, type Engine } from './support/engines';
import { startBenchApp } from './support/inProcessApp';
import { startSinkProcess } from './support/sink';
import { compare, latencyLine, median, probeHealth, rate, timed, type BenchOptions, type Sample } from './measure';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const TIMEZONE = 'Europe/Paris';
const FOLLOWED = 20;
const CHANNELS = 200;
/** New videos each channel brings before each digest run. */
const NEW_PER_CHANNEL = 2;
/** Videos each channel had before the visitors' marks. */
const PAST_PER_CHANNEL = 15;
/** An hour the app's own (wall-clock) ticks do not reach during the run. */
const HOUR = (localTime(new Date(), TIMEZONE).hour + 12) % 24;
/** The injected clock: day `n` of January 2030 at HOUR:05 in Paris (UTC+1 in winter). */
const day = (n: number) => new Date(Date.UTC(2030, 0, n, (HOUR + 23) % 24, 5) + (HOUR === 0 ? 86_400_000 : 0));

/**
 * Issue 24's figure, on each engine: the digest run for N visitors following 20 creators each
 * (one tick queues N digests, the worker composes each from the database and sends it) against
 * "Envoyer" (POST /api/sendEmail) of a delivery to a list of N contacts, both to an SMTP sink in
 * a process of its own; ours should keep ≥ 0.8 of the send's rate. Then GET /api/health's
 * latency during one more digest run.
 */
async function benchEngine(engine: Engine, dataDir: string, visitors: number, options: BenchOptions): Promise<void> {
  const sink = await startSinkProcess();
  const t = await startBenchApp(engine, dataDir, {
    env: {
      MAIL_WORKER: '1',
      SMTP_URL: sink.url,
      MAIL_POLL_MS: '50',
      TIMEZONE,
      PUBLIC_URL: 'https://tgm.example',
      AUTOMATIONS_TICK_SECONDS: '0',
      YOUTUBE_FEED_URL: 'http://127.0.0.1:9',
    },
  });
  try {
    const admin = await t.bearer(t.config.adminEmail, t.config.adminPassword);
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${t.url}${url}`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    // A newsletter of as many videos as a digest holds, in the digest's markup: both sides send
    // messages of the same size, and the ratio measures what the digest does more (finding each
    // visitor's videos), not the cost of longer messages.
    const row = (n: number) =>
      `<tr><td style="padding:8px 0;vertical-align:top;width:168px"><a href="https://tgm.example/liste/nouveautes?v=video${n}"><img src="https://i2.ytimg.com/vi/video${n}/hqdefault.jpg" width="160" alt="" style="display:block;border:0;border-radius:4px"></a></td>` +
      `<td style="padding:8px;vertical-align:top"><a href="https://tgm.example/liste/nouveautes?v=video${n}" style="color:#1565c0;font-weight:bold;text-decoration:none">Nouveauté ${n} de la chaîne</a><br><span style="color:#555">Chaîne ${n}</span></td></tr>`;
    const rows = Array.from({ length: DIGEST_MAX_VIDEOS }, (_, n) => n + 1);
    const delivery = await post('/api/deliveries', {
      label: 'Bench',
      internalname: `bench-${Date.now()}`,
      subject: 'Bonjour {{firstname}}',
      codeHtml: [b64(`<html><body><h1>Bonjour {{firstname}}, ${DIGEST_MAX_VIDEOS} nouvelles vidéos</h1><table role="presentation">${rows.map(row).join('')}</table></body></html>`)],
      codeText: [b64(`Bonjour {{firstname}}\n\n${rows.map((n) => `- Nouveauté ${n} de la chaîne (Chaîne ${n}) : https://tgm.example/liste/nouveautes?v=video${n}`).join('\n')}\n`)],
    });
    const [{ id: owner }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.adminEmail]);

    // N confirmed visitors with a daily digest at HOUR, each following 20 of 200 channels.
    await t.db.query(
      `INSERT INTO channel (youtube_id, name, feed_ok_at) SELECT 'UCdigestbench' || lpad(n::text, 11, '0'), 'Chaîne ' || n, now() FROM generate_series(1, $1) AS n`,
      [CHANNELS],
    );
    await t.db.query(
      `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name, digest, digest_hour, email_confirmed_at)
       SELECT 'v' || n || '@bench.example', 'bench-' || n, true, 'optin_grp', 'default', 'quotidien', $2, now() - interval '1 day'
       FROM generate_series(1, $1) AS n`,
      [visitors, HOUR],
    );
    await t.db.query(`INSERT INTO creator_list (name, visitor_id) SELECT 'bench-' || id, id FROM visitor WHERE email LIKE '%@bench.example'`);
    await t.db.query(
      `INSERT INTO creator_list_channel (list_id, channel_id)
       SELECT l.id, c.id FROM creator_list l CROSS JOIN generate_series(0, $1 - 1) AS k
       JOIN channel c ON c.youtube_id = 'UCdigestbench' || lpad((((l.id + k * 10) % $2) + 1)::text, 11, '0')
       WHERE l.visitor_id IS NOT NULL`,
      [FOLLOWED, CHANNELS],
    );
    // Each channel's past videos, from before the visitors' marks (a digest reads a channel's
    // new videos, not all of them), and the statistics the embedded database's periodic
    // ANALYZE (or autovacuum) keeps: a server holding these rows has had them.
    await t.db.query(
      `INSERT INTO video (id, channel_id, title, published, thumbnail, created)
       SELECT 'old' || c.id || 'v' || j, c.id, 'Ancienne ' || j || ' de ' || c.name, now() - interval '30 days', NULL, now() - interval '30 days'
       FROM channel c CROSS JOIN generate_series(1, $1) AS j WHERE c.youtube_id LIKE 'UCdigestbench%'`,
      [PAST_PER_CHANNEL],
    );
    await t.db.query('ANALYZE visitor, creator_list, creator_list_channel, channel, video');
    let videoRound = 0;
    const newVideos = async () => {
      videoRound += 1;
      await t.db.query(
        `INSERT INTO video (id, channel_id, title, published, thumbnail)
         SELECT 'r' || $1 || 'c' || c.id || 'v' || j, c.id, 'Nouveauté ' || j || ' de ' || c.name, now(), 'https://i2.ytimg.com/vi/r' || $1 || 'c' || c.id || 'v' || j || '/hqdefault.jpg'
         FROM channel c CROSS JOIN generate_series(1, $2) AS j WHERE c.youtube_id LIKE 'UCdigestbench%'`,
        [videoRound, NEW_PER_CHANNEL],
      );
    };
    const sizes = { digest: [] as number[], send: [] as number[] };
    /** CPU time of this process (the app, its database thread and the bench) a message: steadier than rates on a shared machine. */
    const cpu = { digest: [] as number[], send: [] as number[] };
    const cpuPerMessage = async (into: number[], work: () => Promise<Sample>): Promise<Sample> => {
      const before = process.cpuUsage();
      const sample = await work();
      const used = process.cpuUsage(before);
      into.push((used.user + used.system) / 1000 / sample.operations);
      return sample;
    };
    let digestDay = 0;
    const digestRun = async () => {
      await newVideos();
      digestDay += 1;
      const received = sink.expect(visitors).then(({ bytes }) => sizes.digest.push(bytes / visitors));
      return cpuPerMessage(cpu.digest, () => timed(async () => {
        const queued = await queueDueDigests(t.db, day(digestDay), TIMEZONE);
        if (queued !== visitors) throw new Error(`queued ${queued} digests, not ${visitors}`);
        await received;
        return visitors;
      }));
    };
    const list = async () => {
      const [{ id }] = await t.db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ('bench', $1) RETURNING id`, [owner]);
      await t.db.query(
        `INSERT INTO grp_rcp (grp_id, user_id, email, firstname) SELECT $1, $2, 'c' || n || '@bench.example', 'C' || n FROM generate_series(1, $3) AS n`,
        [id, owner, visitors],
      );
      return id;
    };

    await compare(
      `the digest run for ${visitors} visitors following ${FOLLOWED} creators each against "Envoyer", ${engine.name} database`,
      'messages/s',
      { label: 'digest run: one tick queues, worker composes and sends', run: digestRun },
      {
        label: 'POST /api/sendEmail to as many contacts',
        run: async () => {
          const grp = await list();
          const received = sink.expect(visitors).then(({ bytes }) => sizes.send.push(bytes / visitors));
          return cpuPerMessage(cpu.send, () => timed(async () => {
            await post('/api/sendEmail', { delId: delivery.id, listId: grp });
            await received;
            return visitors;
          }));
        },
      },
      options.rounds,
    );

    const kib = (all: number[]) => (median(all) / 1024).toFixed(1);
    console.log(`  mean message size: digest ${kib(sizes.digest)} KiB, send ${kib(sizes.send)} KiB`);
    const ms = (all: number[]) => all.map((value) => value.toFixed(2)).join(', ');
    console.log(`  CPU a message (app and database thread): digest ${ms(cpu.digest)} ms, send ${ms(cpu.send)} ms (per round)`);

    // Outside the timed rounds: the probe's requests are work the other side would not do.
    const probe = probeHealth(t.url);
    const probed = await digestRun();
    const health = await probe.stop();
    console.log(latencyLine(`GET /api/health during one more digest run (${rate(probed).toFixed(0)} messages/s meanwhile)`, health));
  } finally {
    await t.close();
    sink.stop();
  }
}

export default async function digestBench(options: BenchOptions): Promise<void> {
  const visitors = options.quick ? 500 : 10_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-digest-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchEngine(engine, dataDir, visitors, options);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
