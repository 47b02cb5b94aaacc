import { simpleParser, type ParsedMail } from 'mailparser';
import { createFeedClient } from '../feeds/feedClient';
import { refreshFeeds } from '../feeds/refresh';
import type { FeedVideo } from '../feeds/types';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { renderFeed, startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { localTime, queueDueDigests } from './digest';

let sink: SmtpSink;
let t: TestApp;
let youtube: YoutubeStandIn;

const TIMEZONE = 'Europe/Paris';
const CHANNEL = 'UCdigestdigestdigest0001';
const videos: FeedVideo[] = [];
/** An hour the app's own (real-time) ticks do not reach during the test. */
const HOUR = (localTime(new Date(), TIMEZONE).hour + 12) % 24;
/** The injected clock: day `n` of January 2030 at HOUR:05 in Paris (UTC+1 in winter). */
const day = (n: number, minute = 5) => new Date(Date.UTC(2030, 0, n, (HOUR + 23) % 24, minute) + (HOUR === 0 ? 86_400_000 : 0));

async function publish(videoId: string, title: string) {
  videos.unshift({ videoId, title, published: new Date().toISOString(), thumbnail: `https://i2.ytimg.com/vi/${videoId}/hqdefault.jpg`, views: 1 });
  youtube.feeds.set(CHANNEL, { xml: renderFeed({ channelId: CHANNEL, name: 'Chaîne du résumé', videos }) });
  await refreshFeeds(t.db, createFeedClient({ baseUrl: youtube.url }), { info: () => undefined, warn: () => undefined });
}

beforeAll(async () => {
  sink = await startSmtpSink();
  youtube = await startYoutubeStandIn();
  youtube.feeds.set(CHANNEL, { xml: renderFeed({ channelId: CHANNEL, name: 'Chaîne du résumé', videos }) });
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_POLL_MS: '50',
    TIMEZONE,
    YOUTUBE_FEED_URL: youtube.url,
    PUBLIC_WRITE_RATE_LIMIT: '10000',
    PUBLIC_READ_RATE_LIMIT: '10000',
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([sink.stop(), youtube.close()]);
});

const received = (address: string) => sink.messages.filter((m) => m.to.includes(address));

async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  const deadline = Date.now() + 30_000;
  while (received(address).length < count) {
    if (Date.now() > deadline) throw new Error(`${received(address).length} message(s) to ${address}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Promise.all(received(address).map((m) => simpleParser(m.raw)));
}

/** Every queued message has been sent (or declined). */
async function queueDrained() {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [{ left }] = await t.db.query<{ left: number }>("SELECT count(*)::int AS left FROM mail_message WHERE status IN ('pending', 'sending')");
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error('messages still queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function visitorWithDigest(email: string): Promise<Record<string, string>> {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/rtEvent/new',
    payload: { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
  });
  const headers = { 'x-visitor-token': signup.json().tokenAc as string };
  await t.app.inject({ method: 'POST', url: '/api/visitor/liste', headers, payload: { name: email.split('@')[0] } });
  expect((await t.app.inject({ method: 'POST', url: '/api/visitor/follow', headers, payload: { chaine: CHANNEL } })).statusCode).toBe(200);
  const patched = await t.app.inject({ method: 'PATCH', url: '/api/visitor/me', headers, payload: { digest: 'quotidien', digestHour: HOUR } });
  expect(patched.json()).toMatchObject({ digest: 'quotidien', digestHour: HOUR, emailConfirmed: false });
  return headers;
}

describe('the daily digest, on an injected clock and a real SMTP server', () => {
  it('sends a confirmed visitor one message a day that has new videos, none otherwise; an unconfirmed one only the confirmation', async () => {
    await publish('digest00001', 'Avant tout');
    const confirmed = await visitorWithDigest('lecteur@example.org');
    await visitorWithDigest('pas-confirme@example.org');
    const [confirmation] = await mailsTo('lecteur@example.org', 1);
    const link = /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(confirmation.text ?? '')?.[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/confirmations/${link}` })).statusCode).toBe(200);

    // Day 1: a new video; two ticks at once (two processes) and a later one queue one digest.
    await publish('digest00002', 'La première nouveauté');
    const counts = await Promise.all([queueDueDigests(t.db, day(1), TIMEZONE), queueDueDigests(t.db, day(1), TIMEZONE)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueDueDigests(t.db, day(1, 40), TIMEZONE)).toBe(0);
    // Not the chosen hour: nothing.
    expect(await queueDueDigests(t.db, new Date(day(2).getTime() + 3 * 3_600_000), TIMEZONE)).toBe(0);
    const [, digest] = await mailsTo('lecteur@example.org', 2);
    expect(digest.subject).toBe('TGM : 1 nouvelle vidéo de vos créateurs');
    expect(digest.html).toContain('La première nouveauté');
    expect(digest.html).toContain('https://i2.ytimg.com/vi/digest00002/hqdefault.jpg');
    expect(digest.html).toContain('https://tgm.example/liste/lecteur?v=digest00002');
    expect(digest.html).not.toContain('Avant tout');
    expect(digest.text).toContain('La première nouveauté');
    const raw = received('lecteur@example.org')[1].raw.toString().replace(/\r?\n[ \t]+/g, ' ');
    const oneClick = /^List-Unsubscribe: <(https:\/\/tgm\.example\/api\/visitor\/digest\/unsubscribe\/[^>]+)>/im.exec(raw)?.[1];
    expect(oneClick).toBeDefined();
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    // Day 2: nothing new, nothing sent.
    expect(await queueDueDigests(t.db, day(2), TIMEZONE)).toBe(0);
    // Day 3: a new video, a second digest with it alone.
    await publish('digest00003', 'La deuxième nouveauté');
    expect(await queueDueDigests(t.db, day(3), TIMEZONE)).toBe(1);
    const [, , second] = await mailsTo('lecteur@example.org', 3);
    expect(second.html).toContain('La deuxième nouveauté');
    expect(second.html).not.toContain('La première nouveauté');
    await queueDrained();
    expect(received('lecteur@example.org')).toHaveLength(3);
    // The unconfirmed visitor received the confirmation, and nothing else.
    expect((await mailsTo('pas-confirme@example.org', 1)).map((m) => m.subject)).toEqual(['Confirmez votre adresse pour TGM']);

    // One click (RFC 8058) sets digest to aucun; a GET only asks.
    const path = new URL(oneClick as string).pathname;
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/visitor/me', headers: confirmed })).json().digest).toBe('quotidien');
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/visitor/me', headers: confirmed })).json().digest).toBe('aucun');
    await publish('digest00004', 'Après le désabonnement');
    expect(await queueDueDigests(t.db, day(4), TIMEZONE)).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `${path.slice(0, -3)}xyz` })).statusCode).toBe(404);
  });

  it('reads the hour, the day and the ISO week in TIMEZONE', () => {
    expect(localTime(new Date('2026-11-26T23:30:00Z'), 'Europe/Paris')).toEqual({ hour: 0, weekday: 5, date: '2026-11-27', week: '2026-W48' });
    expect(localTime(new Date('2027-01-01T12:00:00Z'), 'Europe/Paris')).toMatchObject({ weekday: 5, week: '2026-W53' });
  });
});
