import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startApiServer, type RunningServer } from '../e2e/support/apiServer';
import { DEMO_CHANNELS } from './modules/videos/demoCatalog';
import { demoFeedXml } from './modules/videos/demoSeed';
import { httpApi } from './testing/httpApi';
import { startSmtpSink, type SmtpSink } from './testing/smtpSink';
import { startYoutubeStandIn, type YoutubeStandIn } from './testing/youtubeStandIn';

/**
 * The scaled-out form (compose.yaml): two server processes on one PostgreSQL with one
 * JWT_SECRET, both running a send worker and the periodic feed refresh. Runs on PostgreSQL
 * only (`npm run test:server:postgres`, part of `npm test`): the embedded database serves one process.
 */
jest.setTimeout(300_000);

const CONTACTS = 5000;
const BATCH = 50;
/** Feeds answer this slowly while both processes start, so that two refreshes would overlap. */
const FEED_DELAY_MS = 3000;
/** One refresh reads four feeds at a time (refresh.ts). */
const ONE_REFRESH_AT_ONCE = 4;
const JWT_SECRET = randomBytes(32).toString('hex');

const base = process.env.TEST_DATABASE_URL as string;
const database = `tgm_scale_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
let sink: SmtpSink;
let youtube: YoutubeStandIn;
const servers: RunningServer[] = [];

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  sink = await startSmtpSink({ keep: true });
  youtube = await startYoutubeStandIn();
  youtube.delayMs = FEED_DELAY_MS;
  for (const { handle } of DEMO_CHANNELS) {
    const xml = demoFeedXml(handle);
    youtube.feeds.set(/<yt:channelId>([\w-]+)<\/yt:channelId>/.exec(xml)?.[1] ?? handle, { xml });
  }
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await sink?.stop();
  await youtube?.close();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const databaseUrl = () => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
};

it('two processes on one PostgreSQL send each of 5,000 messages once though one is killed mid-send, and refresh feeds one at a time', async () => {
  const env = {
    DATABASE_URL: databaseUrl(),
    JWT_SECRET,
    SMTP_URL: sink.url,
    MAIL_BATCH_SIZE: String(BATCH),
    MAIL_POLL_MS: '100',
    YOUTUBE_FEED_URL: youtube.url,
    FEED_REFRESH_MINUTES: '1',
  };
  // Started together: both migrate, seed and begin their feed refresh at once.
  servers.push(...(await Promise.all([startApiServer(env), startApiServer(env)])));
  const [doomed, survivor] = servers;
  const feedRequests = () => youtube.requests.filter((request) => request.startsWith('/feeds/videos.xml')).length;
  // The start-up refresh of the process that took the lease reads every channel's feed.
  while (feedRequests() < DEMO_CHANNELS.length) await pause(200);

  // One secret: a token from one process is good on the other.
  const token = await httpApi(doomed.url).login();
  const api = httpApi(survivor.url);
  const { delId, listId } = await api.prepareSend(token, 'scale', CONTACTS);
  const send = await api.call(token, 'POST', '/api/sendEmail', { delId, listId });
  expect(send.total).toBe(CONTACTS);

  await sink.waitForCount(CONTACTS / 4, 120_000);
  const doomedPid = doomed.serverPid();
  await doomed.crash();
  // The killed process's worker was sending: it held claims when it died.
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const held = await db.query(`SELECT count(*)::int AS n FROM mail_recipient WHERE status = 'sending' AND claimed_by LIKE $1`, [
    `%:${doomedPid}:%`,
  ]);
  await db.end();
  expect(held.rows[0].n).toBeGreaterThan(0);

  // The survivor frees the dead worker's claims (after STALE_AFTER_SECONDS) and finishes the send.
  let view = await api.call(token, 'GET', `/api/sends/${send.id}`);
  while (view.status !== 'completed') {
    await pause(500);
    view = await api.call(token, 'GET', `/api/sends/${send.id}`);
  }
  expect(view).toMatchObject({ status: 'completed', sent: CONTACTS, failed: 0, pending: 0 });

  const idsByContact = new Map<string, Set<string>>();
  for (const message of sink.messages) {
    const to = message.to[0];
    idsByContact.set(to, (idsByContact.get(to) ?? new Set()).add(message.messageId));
  }
  expect(idsByContact.size).toBe(CONTACTS);
  // A contact's messages, when more than one, are the same message again (one Message-ID) ...
  expect([...idsByContact.values()].filter((ids) => ids.size !== 1)).toEqual([]);
  // ... and only the dead worker's unrecorded ones: at most MAIL_BATCH_SIZE (docs/decisions.md, «Deliveries and sending (issue 4)»).
  expect(sink.messages.length - CONTACTS).toBeLessThanOrEqual(BATCH);

  // The two start-up refreshes would have overlapped (slow feeds): the lease let one run at a time.
  expect(youtube.maxInFlight).toBeLessThanOrEqual(ONE_REFRESH_AT_ONCE);
});
