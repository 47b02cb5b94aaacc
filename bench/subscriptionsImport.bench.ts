import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApiServer, type RunningServer } from '../e2e/support/apiServer';
import { SUBSCRIPTIONS_MAX_BYTES } from '../server/modules/visitors/subscriptionsRoutes';
import {
  MAX_IMPORTED_CHANNELS,
  MAX_IMPORTED_GROUPS,
  MAX_IMPORTED_VIDEOS,
  readSubscriptionFile,
  toFreeTubeDb,
  toNewPipeJson,
  toOpml,
  type ExportedChannel,
  type ExportExtras,
} from '../server/modules/visitors/subscriptionFormats';
import { enginesFor, type Engine } from './support/engines';
import { latencyLine, median, percentile, probeHealth, timed, type BenchOptions } from './measure';

/**
 * Issue 24: "parsing never blocks the API (a 2 MB file leaves other requests under 50 ms at
 * p99)". A visitor imports a subscriptions file of 2 MiB (the most the route reads) through the
 * real route of the compiled server, while a second client calls `GET /api/health` one request
 * after the other: its latencies during the request, then while the server reads the feeds of
 * the channels it recorded (a local stand-in of YouTube in a process of its own). The files are
 * written by the product's own exports (OPML, NewPipe, FreeTube profiles): 1,000 channels (the
 * most one import follows), a channel in several groups, saved and hidden videos up to 2 MiB;
 * and a 2 MiB OPML of ~11,000 channels, parsed then refused (over the cap). Raw sides: the same
 * file's parse alone (what the server's parsing thread does), and `/api/health` with nothing
 * else running.
 */

type Format = 'opml' | 'newpipe' | 'freetube';
const FORMATS: { format: Format; label: string }[] = [
  { format: 'opml', label: 'OPML' },
  { format: 'newpipe', label: 'NewPipe JSON' },
  { format: 'freetube', label: 'FreeTube profiles' },
];

const channelId = (tag: string, n: number) => `UC${`b${tag}${String(n).padStart(7, '0')}`.padEnd(22, 'x')}`;
const videoId = (tag: string, kind: string, n: number) => `${kind}${tag}${String(n).padStart(10 - tag.length, '0')}`;

function write(format: Format, channels: ExportedChannel[], extras: ExportExtras): string {
  if (format === 'opml') return toOpml(channels, 'Mes abonnements', extras);
  if (format === 'newpipe') return toNewPipeJson(channels, extras);
  return toFreeTubeDb(channels, extras);
}

interface BenchFile {
  text: string;
  bytes: number;
  channels: number;
  groups: number;
  videos: number;
  /** The import follows its channels (false: over the channel cap, refused after parsing). */
  accepted: boolean;
}

/**
 * A file of `channels` channels in `groups` groups (each channel in about three), and as many
 * saved and hidden videos as fill it up to `maxBytes`.
 */
function subscriptionsFile(format: Format, tag: string, channelCount: number, maxBytes: number): BenchFile {
  const channels = Array.from({ length: channelCount }, (_, i) => ({
    youtubeId: channelId(tag, i),
    name: `Chaîne n°${i + 1} — cuisine, voyages & sciences (${tag})`,
  }));
  const groupCount = Math.min(MAX_IMPORTED_GROUPS, Math.max(3, Math.round(channelCount / 25)));
  const groups = Array.from({ length: groupCount }, (_, g) => ({
    name: `Groupe ${g + 1} : le ${['matin', 'midi', 'soir', 'week-end'][g % 4]}`,
    chaines: channels.filter((_, i) => (i + g) % Math.ceil(groupCount / 3) === 0).map((c) => c.youtubeId),
  }));
  const build = (videos: number) => {
    const extras = {
      groups,
      plusTard: Array.from({ length: videos }, (_, i) => videoId(tag, 'l', i)),
      masquees: Array.from({ length: videos }, (_, i) => videoId(tag, 'h', i)),
    };
    return write(format, channels, extras);
  };
  const base = Buffer.byteLength(build(0));
  const perVideo = (Buffer.byteLength(build(100)) - base) / 100;
  let videos = Math.max(0, Math.min(MAX_IMPORTED_VIDEOS, Math.floor((maxBytes - base) / perVideo)));
  let text = build(videos);
  while (videos > 0 && Buffer.byteLength(text) > maxBytes) {
    videos -= 10;
    text = build(videos);
  }
  return { text, bytes: Buffer.byteLength(text), channels: channelCount, groups: groupCount, videos: videos * 2, accepted: true };
}

/** An OPML file as YouTube writes it, of as many channels as fill `maxBytes`: over the channel cap. */
function overCapFile(tag: string, maxBytes: number): BenchFile {
  const one = Buffer.byteLength(toOpml([{ youtubeId: channelId(tag, 0), name: 'x'.repeat(40) }], 'Abonnements'));
  const none = Buffer.byteLength(toOpml([], 'Abonnements'));
  let count = Math.floor((maxBytes - none) / (one - none));
  const make = (n: number) =>
    toOpml(
      Array.from({ length: n }, (_, i) => ({ youtubeId: channelId(tag, i), name: `Chaîne n°${i + 1} — vlogs et tutoriels` })),
      'Abonnements',
    );
  let text = make(count);
  while (Buffer.byteLength(text) > maxBytes) {
    count -= 20;
    text = make(count);
  }
  return { text, bytes: Buffer.byteLength(text), channels: count, groups: 0, videos: 0, accepted: false };
}

const describeFile = (file: BenchFile) =>
  `${(file.bytes / 2 ** 20).toFixed(2)} MiB: ${file.channels} channels` +
  (file.accepted ? `, ${file.groups} groups, ${file.videos} saved or hidden videos` : `, over the ${MAX_IMPORTED_CHANNELS}-channel cap`);

interface Feeds {
  url: string;
  served(): Promise<number>;
  stop(): void;
}

/** The YouTube stand-in in a process of its own (support/youtubeFeedsProcess.ts). */
async function startFeedsProcess(delayMs: number): Promise<Feeds> {
  const child: ChildProcess = fork(path.join(__dirname, 'support/youtubeFeedsProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FEEDS_DELAY_MS: String(delayMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return {
    url: `http://127.0.0.1:${port}`,
    served: () =>
      new Promise((resolve) => {
        const onMessage = (m: { served?: number }) => {
          if (m.served === undefined) return;
          child.off('message', onMessage);
          resolve(m.served);
        };
        child.on('message', onMessage);
        child.send({ served: true });
      }),
    stop: () => child.disconnect(),
  };
}

let visitors = 0;
/** A new visitor with a list, through the API as the page makes them: answers their token. */
async function newVisitor(server: RunningServer): Promise<string> {
  visitors += 1;
  const email = `import.${visitors}.${Date.now().toString(36)}@bench.example`;
  const signup = await fetch(`${server.url}/api/rtEvent/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
  });
  const { tokenAc } = (await signup.json()) as { tokenAc: string };
  const list = await fetch(`${server.url}/api/visitor/liste`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-visitor-token': tokenAc },
    body: JSON.stringify({ name: `import-${visitors}-${Date.now().toString(36)}` }),
  });
  if (list.status !== 201) throw new Error(`list: ${list.status} ${await list.text()}`);
  return tokenAc;
}

interface RoundFigures {
  request: number[];
  reading: number[];
}

async function benchImports(engine: Engine, options: BenchOptions): Promise<void> {
  const quick = options.quick;
  const maxBytes = quick ? 256 * 1024 : SUBSCRIPTIONS_MAX_BYTES;
  const channelCount = quick ? 100 : MAX_IMPORTED_CHANNELS;
  // A real round trip to YouTube is longer; a short one makes the server read feeds faster, the harder case.
  const feeds = await startFeedsProcess(5);
  await engine.prepare();
  const server = await startApiServer(
    {
      ...engine.serverEnv,
      YOUTUBE_FEED_URL: feeds.url,
      // The schedule's refresh of every feed is not the import's work.
      FEED_REFRESH_MINUTES: '0',
      PUBLIC_WRITE_RATE_LIMIT: '100000',
      PUBLIC_READ_RATE_LIMIT: '100000',
    },
    { compiled: true },
  );
  const all: Record<string, RoundFigures> = {};
  const parseAlone: Record<string, number[]> = {};
  const idle: number[] = [];
  try {
    // Warm-up: the parsing thread starts on the first import.
    await importOnce(server, subscriptionsFile('opml', 'w0', 20, 64 * 1024));

    console.log(`\nSubscriptions import through POST /api/visitor/subscriptions/import, ${engine.name} database (target: /api/health p99 < 50 ms)`);
    for (let round = 1; round <= options.rounds; round += 1) {
      // Raw: /api/health with nothing else running.
      const quiet = probeHealth(server.url);
      await new Promise((resolve) => setTimeout(resolve, quick ? 1000 : 3000));
      const quietLatencies = await quiet.stop();
      idle.push(...quietLatencies);
      console.log(`\nround ${round}`);
      console.log(latencyLine('raw: GET /api/health, nothing else running', quietLatencies));

      const files = [
        ...FORMATS.map(({ format, label }, f) => ({ label, file: subscriptionsFile(format, `${round}${f}${engine.name[0]}`, channelCount, maxBytes) })),
        { label: 'OPML over the cap', file: overCapFile(`${round}c${engine.name[0]}`, maxBytes) },
      ];
      for (const { label, file } of files) {
        const parsed = await timed(async () => {
          try {
            readSubscriptionFile(file.text);
          } catch {
            // The over-cap file is refused after it is read whole.
          }
          return 1;
        });
        (parseAlone[label] ??= []).push(parsed.seconds * 1000);
        const figures = await importOnce(server, file, feeds);
        all[label] ??= { request: [], reading: [] };
        all[label].request.push(...figures.request);
        all[label].reading.push(...figures.reading);
        console.log(`  ${label} (${describeFile(file)}): request ${figures.seconds.toFixed(2)} s, parse alone ${(parsed.seconds * 1000).toFixed(0)} ms` +
          (figures.readingSeconds === null ? '' : `, ${file.channels} feeds read in ${figures.readingSeconds.toFixed(1)} s after it`));
        console.log(latencyLine('  GET /api/health during the request', figures.request));
        if (file.accepted) console.log(latencyLine('  GET /api/health while its feeds are read', figures.reading));
      }
    }

    console.log(`\nAll rounds, ${engine.name} database:`);
    console.log(latencyLine('raw: GET /api/health, nothing else running', idle));
    for (const [label, figures] of Object.entries(all)) {
      const both = [...figures.request, ...figures.reading];
      console.log(
        `  ${label}: parse alone ${median(parseAlone[label]).toFixed(0)} ms (median); GET /api/health p50 ${percentile(both, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(both, 99).toFixed(1)} ms during the request and the reading of its feeds (${both.length} requests)` +
          `${percentile(both, 99) < 50 ? ' — under 50 ms' : ' — OVER 50 ms'}`,
      );
    }
  } finally {
    await server.stop();
    feeds.stop();
  }
}

/**
 * One import by a new visitor: `/api/health` probed during the request, then (for a file the
 * route accepts) until the stand-in has served every feed the import recorded, and a second more.
 */
async function importOnce(
  server: RunningServer,
  file: BenchFile,
  feeds?: Feeds,
): Promise<{ seconds: number; request: number[]; reading: number[]; readingSeconds: number | null }> {
  const token = await newVisitor(server);
  const before = feeds ? await feeds.served() : 0;
  const body = Buffer.from(file.text);
  const health = probeHealth(server.url);
  let report: { followed?: unknown[]; pending?: unknown[] } = {};
  const sample = await timed(async () => {
    const response = await fetch(`${server.url}/api/visitor/subscriptions/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-visitor-token': token },
      body,
    });
    const answer = (await response.json()) as typeof report & { message?: string };
    if (file.accepted ? response.status !== 200 || answer.followed?.length !== file.channels : response.status !== 400) {
      throw new Error(`import answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
    report = answer;
    return 1;
  }).catch(async (error: Error) => {
    await health.stop().catch(() => undefined);
    throw error;
  });
  const request = await health.stop();
  if (!feeds || !file.accepted) return { seconds: sample.seconds, request, reading: [], readingSeconds: null };

  const expected = report.pending?.length ?? 0;
  const start = performance.now();
  const reading = probeHealth(server.url);
  const deadline = Date.now() + 10 * 60_000;
  while ((await feeds.served()) - before < expected) {
    if (Date.now() > deadline) throw new Error('the feeds of the import were not read in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readingSeconds = (performance.now() - start) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { seconds: sample.seconds, request, reading: await reading.stop(), readingSeconds };
}

export default async function subscriptionsImportBench(options: BenchOptions): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-subscriptions-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchImports(engine, options);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
