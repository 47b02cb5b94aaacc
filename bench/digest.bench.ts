import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localTime, queueDueDigests } from '../server/modules/visitors/digest';
import { enginesFor, type Engine } from './support/engines';
import { startBenchApp } from './support/inProcessApp';
import { startSinkProcess } from './support/sink';
import { compare, latencyLine, probeHealth, rate, timed, type BenchOptions } from './measure';

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
    const delivery = await post('/api/deliveries', {
      label: 'Bench',
      internalname: `bench-${Date.now()}`,
      subject: 'Bonjour {{firstname}}',
      codeHtml: [b64('<html><body><h1>Bonjour {{firstname}}</h1><p>Les nouveautés du mois.</p></body></html>')],
      codeText: [b64('Bonjour {{firstname}}\nLes nouveautés du mois.')],
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
    let digestDay = 0;
    const digestRun = async () => {
      await newVideos();
      digestDay += 1;
      const received = sink.expect(visitors);
      return timed(async () => {
        const queued = await queueDueDigests(t.db, day(digestDay), TIMEZONE);
        if (queued !== visitors) throw new Error(`queued ${queued} digests, not ${visitors}`);
        await received;
        return visitors;
      });
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
          const received = sink.expect(visitors);
          return timed(async () => {
            await post('/api/sendEmail', { delId: delivery.id, listId: grp });
            await received;
            return visitors;
          });
        },
      },
      options.rounds,
    );

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
