import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { DIGEST_TIMEZONE as TIMEZONE, digestAppEnv, digestChannel, digestDay as day, mailbox, queueDrained, visitorWithDigest } from '../../testing/digestFixtures';
import { localTime, queueDueDigests } from './digest';

let sink: SmtpSink;
let t: TestApp;
let youtube: YoutubeStandIn;
let channel: ReturnType<typeof digestChannel>;
let mail: ReturnType<typeof mailbox>;

const CHANNEL = 'UCdigestdigestdigest0001';
const publish = (videoId: string, title: string) => channel.publish(t.db, videoId, title);

beforeAll(async () => {
  sink = await startSmtpSink();
  mail = mailbox(sink, 30_000);
  youtube = await startYoutubeStandIn();
  channel = digestChannel(youtube, CHANNEL, 'Chaîne du résumé');
  t = await createTestApp(digestAppEnv(sink.url, youtube.url));
});
afterAll(async () => {
  await t.close();
  await Promise.all([sink.stop(), youtube.close()]);
});

describe('the daily digest, on an injected clock and a real SMTP server', () => {
  it('sends a confirmed visitor one message a day that has new videos, none otherwise; an unconfirmed one only the confirmation', async () => {
    await publish('digest00001', 'Avant tout');
    const confirmed = await visitorWithDigest({ signUp: t, settings: t }, 'lecteur@example.org', CHANNEL);
    await visitorWithDigest({ signUp: t, settings: t }, 'pas-confirme@example.org', CHANNEL);
    const [confirmation] = await mail.mailsTo('lecteur@example.org', 1);
    const link = /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(confirmation.text ?? '')?.[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/confirmations/${link}` })).statusCode).toBe(200);

    // Day 1: a new video; two ticks at once (two processes) and a later one queue one digest.
    await publish('digest00002', 'La première nouveauté');
    const counts = await Promise.all([queueDueDigests(t.db, day(1), TIMEZONE), queueDueDigests(t.db, day(1), TIMEZONE)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueDueDigests(t.db, day(1, 40), TIMEZONE)).toBe(0);
    // Not the chosen hour: nothing.
    expect(await queueDueDigests(t.db, new Date(day(2).getTime() + 3 * 3_600_000), TIMEZONE)).toBe(0);
    const [, digest] = await mail.mailsTo('lecteur@example.org', 2);
    expect(digest.subject).toBe('TGM : 1 nouvelle vidéo de vos créateurs');
    expect(digest.html).toContain('La première nouveauté');
    expect(digest.html).toContain('https://i2.ytimg.com/vi/digest00002/hqdefault.jpg');
    expect(digest.html).toContain('https://tgm.example/liste/lecteur?v=digest00002');
    expect(digest.html).not.toContain('Avant tout');
    expect(digest.text).toContain('La première nouveauté');
    const raw = mail.received('lecteur@example.org')[1].raw.toString().replace(/\r?\n[ \t]+/g, ' ');
    const oneClick = /^List-Unsubscribe: <(https:\/\/tgm\.example\/api\/visitor\/digest\/unsubscribe\/[^>]+)>/im.exec(raw)?.[1];
    expect(oneClick).toBeDefined();
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    // Day 2: nothing new, nothing sent.
    expect(await queueDueDigests(t.db, day(2), TIMEZONE)).toBe(0);
    // Day 3: a new video, a second digest with it alone.
    await publish('digest00003', 'La deuxième nouveauté');
    expect(await queueDueDigests(t.db, day(3), TIMEZONE)).toBe(1);
    const [, , second] = await mail.mailsTo('lecteur@example.org', 3);
    expect(second.html).toContain('La deuxième nouveauté');
    expect(second.html).not.toContain('La première nouveauté');
    await queueDrained(t.db, 30_000);
    expect(mail.received('lecteur@example.org')).toHaveLength(3);
    // The unconfirmed visitor received the confirmation, and nothing else.
    expect((await mail.mailsTo('pas-confirme@example.org', 1)).map((m) => m.subject)).toEqual(['Confirmez votre adresse pour TGM']);

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
