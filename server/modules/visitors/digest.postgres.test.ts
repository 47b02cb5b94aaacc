import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { DIGEST_TIMEZONE as TIMEZONE, digestAppEnv, digestChannel, digestDay as day, mailbox, queueDrained, visitorWithDigest } from '../../testing/digestFixtures';
import { queueDueDigests } from './digest';

/**
 * The daily digest on the scaled-out form: one PostgreSQL, two apps, a real SMTP server.
 * The digest's clock can only be injected in-process (a real `server/main.ts` ticks on the
 * wall clock), so the "two processes" are two `createTestApp` apps on one PostgreSQL schema:
 * each has its own connection pool, its own send worker and its own ticks, which run at once
 * on the injected clock. Runs on PostgreSQL only (`npm run test:server:postgres`).
 */
jest.setTimeout(180_000);

const CHANNEL = 'UCdigestscaledout0000001';

let sink: SmtpSink;
let youtube: YoutubeStandIn;
let first: TestApp;
let second: TestApp;
let channel: ReturnType<typeof digestChannel>;
let mail: ReturnType<typeof mailbox>;

beforeAll(async () => {
  sink = await startSmtpSink();
  mail = mailbox(sink, 60_000);
  youtube = await startYoutubeStandIn();
  channel = digestChannel(youtube, CHANNEL, 'Chaîne à deux processus');
  const env = digestAppEnv(sink.url, youtube.url);
  first = await createTestApp(env);
  second = await createTestApp(env, { schema: first.schemaName });
});
afterAll(async () => {
  // The joining app first: the first one drops the schema.
  await second?.close();
  await first?.close();
  await Promise.all([sink?.stop(), youtube?.close()]);
});

const publish = (videoId: string, title: string) => channel.publish(first.db, videoId, title);

/** Both apps tick at `now` at once (twice each, as a minute's tick and a kick would); answers how many digests were queued. */
async function bothTick(now: Date): Promise<number> {
  const counts = await Promise.all([first, second, first, second].map((t) => queueDueDigests(t.db, now, TIMEZONE)));
  return counts.reduce((a, b) => a + b, 0);
}

it('with two apps ticking on one PostgreSQL, a confirmed visitor gets one digest a day that has new videos and none otherwise; an unconfirmed one only the confirmation', async () => {
  await publish('scaled00001', 'Avant la confirmation');
  await visitorWithDigest({ signUp: first, settings: second }, 'deux-processus@example.org', CHANNEL);
  await visitorWithDigest({ signUp: first, settings: second }, 'sans-confirmation@example.org', CHANNEL);
  const [confirmation] = await mail.mailsTo('deux-processus@example.org', 1);
  expect(confirmation.subject).toBe('Confirmez votre adresse pour TGM');
  const link = /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(confirmation.text ?? '')?.[1];
  expect(link).toBeDefined();
  expect((await second.app.inject({ method: 'POST', url: `/api/confirmations/${link}` })).statusCode).toBe(200);

  // Day 1: a new video; both apps tick at once, and again later in the hour: one digest.
  await publish('scaled00002', 'Première nouveauté du jour');
  expect(await bothTick(day(1))).toBe(1);
  expect(await bothTick(day(1, 45))).toBe(0);
  const [, firstDigest] = await mail.mailsTo('deux-processus@example.org', 2);
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
  const [, , thirdDay] = await mail.mailsTo('deux-processus@example.org', 3);
  expect(thirdDay.subject).toBe('TGM : 2 nouvelles vidéos de vos créateurs');
  expect(thirdDay.html).toContain('Deuxième nouveauté');
  expect(thirdDay.html).toContain('Troisième nouveauté');
  expect(thirdDay.html).not.toContain('Première nouveauté du jour');

  // Day 4: nothing new again.
  expect(await bothTick(day(4))).toBe(0);

  // Both workers ran; each message went out once: one per Message-ID, three in all.
  await queueDrained(first.db, 60_000);
  const mine = mail.received('deux-processus@example.org');
  expect(mine).toHaveLength(3);
  expect(new Set(mine.map((m) => m.messageId)).size).toBe(3);
  const [{ sent }] = await first.db.query<{ sent: number }>("SELECT count(*)::int AS sent FROM mail_message WHERE kind = 'visiteur-resume' AND status = 'sent'");
  expect(sent).toBe(2);
  // The unconfirmed visitor received the confirmation, and nothing else.
  expect((await mail.mailsTo('sans-confirmation@example.org', 1)).map((m) => m.subject)).toEqual(['Confirmez votre adresse pour TGM']);
  expect(mail.received('sans-confirmation@example.org')).toHaveLength(1);
});
