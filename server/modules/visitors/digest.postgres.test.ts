import { simpleParser, type ParsedMail } from 'mailparser';
import { createFeedClient } from '../feeds/feedClient';
import { refreshFeeds } from '../feeds/refresh';
import type { FeedVideo } from '../feeds/types';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { renderFeed, startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { localTime, queueDueDigests } from './digest';

/**
 * The daily digest on the scaled-out form: one PostgreSQL, two apps, a real SMTP server.
 * The digest's clock can only be injected in-process (a real `server/main.ts` ticks on the
 * wall clock), so the "two processes" are two `createTestApp` apps on one PostgreSQL schema:
 * each has its own connection pool, its own send worker and its own ticks, which run at once
 * on the injected clock. Runs on PostgreSQL only (`npm run test:server:postgres`).
 */
jest.setTimeout(180_000);

const TIMEZONE = 'Europe/Paris';
const CHANNEL = 'UCdigestscaledout0000001';
const videos: FeedVideo[] = [];
/** An hour the apps' own (wall-clock) ticks do not reach during the test. */
const HOUR = (localTime(new Date(), TIMEZONE).hour + 12) % 24;
/** The injected clock: day `n` of January 2030 at HOUR:minute in Paris (UTC+1 in winter). */
const day = (n: number, minute = 5) => new Date(Date.UTC(2030, 0, n, (HOUR + 23) % 24, minute) + (HOUR === 0 ? 86_400_000 : 0));

let sink: SmtpSink;
let youtube: YoutubeStandIn;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  youtube = await startYoutubeStandIn();
  youtube.feeds.set(CHANNEL, { xml: renderFeed({ channelId: CHANNEL, name: 'Chaîne à deux processus', videos }) });
  const env = {
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    TIMEZONE,
    YOUTUBE_FEED_URL: youtube.url,
    PUBLIC_WRITE_RATE_LIMIT: '10000',
    PUBLIC_READ_RATE_LIMIT: '10000',
  };
  first = await createTestApp(env);
  second = await createTestApp(env, { schema: first.schemaName });
});
afterAll(async () => {
  // The joining app first: the first one drops the schema.
  await second?.close();
  await first?.close();
  await Promise.all([sink?.stop(), youtube?.close()]);
});

async function publish(videoId: string, title: string) {
  videos.unshift({ videoId, title, published: new Date().toISOString(), thumbnail: `https://i2.ytimg.com/vi/${videoId}/hqdefault.jpg`, views: 1 });
  youtube.feeds.set(CHANNEL, { xml: renderFeed({ channelId: CHANNEL, name: 'Chaîne à deux processus', videos }) });
  await refreshFeeds(first.db, createFeedClient({ baseUrl: youtube.url }), { info: () => undefined, warn: () => undefined });
}

/** Both apps tick at `now` at once (twice each, as a minute's tick and a kick would); answers how many digests were queued. */
async function bothTick(now: Date): Promise<number> {
  const counts = await Promise.all([first, second, first, second].map((t) => queueDueDigests(t.db, now, TIMEZONE)));
  return counts.reduce((a, b) => a + b, 0);
}

const received = (address: string) => sink.messages.filter((m) => m.to.includes(address));

async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  const deadline = Date.now() + 60_000;
  while (received(address).length < count) {
    if (Date.now() > deadline) throw new Error(`${received(address).length} message(s) to ${address}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Promise.all(received(address).map((m) => simpleParser(m.raw)));
}

/** Every queued message has been sent (or declined), by either app's worker. */
async function queueDrained() {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [{ left }] = await first.db.query<{ left: number }>("SELECT count(*)::int AS left FROM mail_message WHERE status IN ('pending', 'sending')");
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error('messages still queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs up on one app and asks for the daily digest on the other. */
async function visitorWithDigest(email: string) {
  const signup = await first.app.inject({
    method: 'POST',
    url: '/api/rtEvent/new',
    payload: { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
  });
  const headers = { 'x-visitor-token': signup.json().tokenAc as string };
  await second.app.inject({ method: 'POST', url: '/api/visitor/liste', headers, payload: { name: email.split('@')[0] } });
  expect((await second.app.inject({ method: 'POST', url: '/api/visitor/follow', headers, payload: { chaine: CHANNEL } })).statusCode).toBe(200);
  const patched = await second.app.inject({ method: 'PATCH', url: '/api/visitor/me', headers, payload: { digest: 'quotidien', digestHour: HOUR } });
  expect(patched.json()).toMatchObject({ digest: 'quotidien', digestHour: HOUR, emailConfirmed: false });
}

it('with two apps ticking on one PostgreSQL, a confirmed visitor gets one digest a day that has new videos and none otherwise; an unconfirmed one only the confirmation', async () => {
  await publish('scaled00001', 'Avant la confirmation');
  await visitorWithDigest('deux-processus@example.org');
  await visitorWithDigest('sans-confirmation@example.org');
  const [confirmation] = await mailsTo('deux-processus@example.org', 1);
  expect(confirmation.subject).toBe('Confirmez votre adresse pour TGM');
  const link = /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(confirmation.text ?? '')?.[1];
  expect(link).toBeDefined();
  expect((await second.app.inject({ method: 'POST', url: `/api/confirmations/${link}` })).statusCode).toBe(200);

  // Day 1: a new video; both apps tick at once, and again later in the hour: one digest.
  await publish('scaled00002', 'Première nouveauté du jour');
  expect(await bothTick(day(1))).toBe(1);
  expect(await bothTick(day(1, 45))).toBe(0);
  const [, firstDigest] = await mailsTo('deux-processus@example.org', 2);
  expect(firstDigest.subject).toBe('TGM : 1 nouvelle vidéo de vos créateurs');
  expect(firstDigest.html).toContain('Première nouveauté du jour');
  expect(firstDigest.html).not.toContain('Avant la confirmation');

  // Day 2: nothing new, nothing sent, however many ticks.
  expect(await bothTick(day(2))).toBe(0);
  expect(await bothTick(day(2, 50))).toBe(0);

  // Day 3: two new videos, one digest holding both.
  await publish('scaled00003', 'Deuxième nouveauté');
  await publish('scaled00004', 'Troisième nouveauté');
  expect(await bothTick(day(3))).toBe(1);
  expect(await bothTick(day(3, 30))).toBe(0);
  const [, , thirdDay] = await mailsTo('deux-processus@example.org', 3);
  expect(thirdDay.subject).toBe('TGM : 2 nouvelles vidéos de vos créateurs');
  expect(thirdDay.html).toContain('Deuxième nouveauté');
  expect(thirdDay.html).toContain('Troisième nouveauté');
  expect(thirdDay.html).not.toContain('Première nouveauté du jour');

  // Day 4: nothing new again.
  expect(await bothTick(day(4))).toBe(0);

  // Both workers ran; each message went out once: one per Message-ID, three in all.
  await queueDrained();
  const mine = received('deux-processus@example.org');
  expect(mine).toHaveLength(3);
  expect(new Set(mine.map((m) => m.messageId)).size).toBe(3);
  const [{ sent }] = await first.db.query<{ sent: number }>("SELECT count(*)::int AS sent FROM mail_message WHERE kind = 'visiteur-resume' AND status = 'sent'");
  expect(sent).toBe(2);
  // The unconfirmed visitor received the confirmation, and nothing else.
  expect((await mailsTo('sans-confirmation@example.org', 1)).map((m) => m.subject)).toEqual(['Confirmez votre adresse pour TGM']);
  expect(received('sans-confirmation@example.org')).toHaveLength(1);
});
