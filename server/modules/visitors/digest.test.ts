import { createTestApp, type TestApp } from '../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../testing/smtpSink';
import { startYoutubeStandIn, type YoutubeStandIn } from '../../testing/youtubeStandIn';
import { DIGEST_TIMEZONE as TIMEZONE, digestAppEnv, digestChannel, digestDay as day, mailbox, queueDrained, visitorWithDigest } from '../../testing/digestFixtures';
import { messageKinds } from '../mail/messages';
import { DIGEST_KIND, localTime, queueDueDigests } from './digest';
import { legacyDigestToken } from './digestUnsubscribe';
import { secretOf } from './privateFeed';

let sink: SmtpSink;
let t: TestApp;
let youtube: YoutubeStandIn;
let channel: ReturnType<typeof digestChannel>;
let mail: ReturnType<typeof mailbox>;

const CHANNEL = 'UCdigestdigestdigest0001';
const publish = (videoId: string, title: string, kind?: { short?: boolean; views?: number }) => channel.publish(t.db, videoId, title, kind);
/** A mail client's one-click unsubscribe (RFC 8058). */
const oneClickPost = (url: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });

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
    // The one unsubscribe mechanism of every message (mail's), under the digest's audience.
    const oneClick = /^List-Unsubscribe: <(https:\/\/tgm\.example\/api\/unsubscribe\/resume-[^>]+)>/im.exec(raw)?.[1];
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
    expect((await oneClickPost(path)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/visitor/me', headers: confirmed })).json().digest).toBe('aucun');
    await publish('digest00004', 'Après le désabonnement');
    expect(await queueDueDigests(t.db, day(4), TIMEZONE)).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `${path.slice(0, -3)}xyz` })).statusCode).toBe(404);
  });

  it('starts the first window when the digest was asked for: a video published before the confirmation is in the first digest', async () => {
    await visitorWithDigest({ signUp: t, settings: t }, 'en-attente@example.org', CHANNEL);
    await publish('digest00010', 'Publiée avant la confirmation');
    const [confirmation] = await mail.mailsTo('en-attente@example.org', 1);
    const link = /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(confirmation.text ?? '')?.[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/confirmations/${link}` })).statusCode).toBe(200);
    expect(await queueDueDigests(t.db, day(10), TIMEZONE)).toBeGreaterThanOrEqual(1);
    const [, digest] = await mail.mailsTo('en-attente@example.org', 2);
    expect(digest.html).toContain('Publiée avant la confirmation');
  });

  it("leaves out of the digest what the visitor's feed filters hide: shorts, live streams, hidden words", async () => {
    const headers = await visitorWithDigest({ signUp: t, settings: t }, 'filtres@example.org', CHANNEL);
    const [confirmation] = await mail.mailsTo('filtres@example.org', 1);
    const link = /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(confirmation.text ?? '')?.[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/confirmations/${link}` })).statusCode).toBe(200);
    const filters = { hideShorts: true, hideLive: true, hiddenWords: ['épisode'] };
    expect((await t.app.inject({ method: 'PATCH', url: '/api/visitor/me', headers, payload: filters })).statusCode).toBe(200);
    await publish('digest00020', 'Un format court', { short: true });
    await publish('digest00021', 'En direct ce soir', { views: 0 });
    await publish('digest00022', 'Le nouvel Episode');
    await publish('digest00023', 'Celle qui passe les filtres');
    expect(await queueDueDigests(t.db, day(20), TIMEZONE)).toBeGreaterThanOrEqual(1);
    const [, digest] = await mail.mailsTo('filtres@example.org', 2);
    expect(digest.html).toContain('Celle qui passe les filtres');
    for (const hidden of ['Un format court', 'En direct ce soir', 'Le nouvel Episode']) expect(digest.html).not.toContain(hidden);
  });

  it('still unsubscribes through a link of a digest sent before the one mechanism (the old token and route)', async () => {
    const [{ id }] = await t.db.query<{ id: number }>(
      `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name, digest, digest_hour, email_confirmed_at)
       VALUES ('ancien-lien@example.org', 'ancien-lien', true, 'optin_grp', 'default', 'quotidien', 8, now()) RETURNING id`,
    );
    const path = `/api/visitor/digest/unsubscribe/${legacyDigestToken(await secretOf(t.db), id)}`;
    const digestOf = async () => (await t.db.query<{ digest: string }>('SELECT digest FROM visitor WHERE id = $1', [id]))[0].digest;
    const asked = await t.app.inject({ url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('ancien-lien@example.org');
    expect(await digestOf()).toBe('quotidien');
    expect((await oneClickPost(path)).statusCode).toBe(200);
    expect(await digestOf()).toBe('aucun');
    // A token of the old form that was not signed here changes nothing.
    expect((await t.app.inject({ method: 'POST', url: `${path.slice(0, -3)}xyz` })).statusCode).toBe(404);
  });

  it('composes from what is true when it is sent: videos hidden or watched since the tick are left out, visitors who no longer want it get nothing', async () => {
    const [{ id: channelId }] = await t.db.query<{ id: number }>(`INSERT INTO channel (youtube_id, name) VALUES ('UCcomposecomposecompose1', 'Chaîne composée') RETURNING id`);
    const titles = ['Gardée', 'Masquée depuis', 'Vue depuis'];
    for (const [n, title] of titles.entries()) {
      await t.db.query(`INSERT INTO video (id, channel_id, title, published, thumbnail) VALUES ($1, $2, $3, now(), NULL)`, [`compose0000${n}`, channelId, title]);
    }
    const visitor = async (email: string, digest: string, confirmed: boolean) => {
      const [{ id }] = await t.db.query<{ id: number }>(
        `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name, digest, digest_hour, email_confirmed_at)
         VALUES ($1, $1, true, 'optin_grp', 'default', $2, 8, CASE WHEN $3::boolean THEN now() END) RETURNING id`,
        [email, digest, confirmed],
      );
      await t.db.query(`INSERT INTO creator_list (name, visitor_id) VALUES ($1, $2)`, [email.split('@')[0], id]);
      return id;
    };
    const reader = await visitor('compose-lecteur@example.org', 'quotidien', true);
    const unsubscribed = await visitor('compose-parti@example.org', 'aucun', true);
    const unconfirmed = await visitor('compose-inconnu@example.org', 'quotidien', false);
    await t.db.query(`INSERT INTO visitor_video (visitor_id, video_id, etat, etat_at) VALUES ($1, 'compose00001', 'masquée', now())`, [reader]);
    await t.db.query(`INSERT INTO visitor_video (visitor_id, video_id, seen_at) VALUES ($1, 'compose00002', now())`, [reader]);
    // Another visitor's hidden video is still this one's news.
    await t.db.query(`INSERT INTO visitor_video (visitor_id, video_id, etat, etat_at) VALUES ($1, 'compose00000', 'masquée', now())`, [unsubscribed]);

    const videos = titles.map((_, n) => `compose0000${n}`);
    const message = (visitorId: number, n: number) => ({ id: n, key: `compose-${n}`, to: 'x@example.org', payload: { visitorId, videos } });
    const ctx = {
      db: t.db,
      publicUrl: 'https://tgm.example',
      productName: 'TGM',
      timezone: TIMEZONE,
      now: () => new Date(),
      unsubscribeUrl: (audience: string, id: number) => `https://tgm.example/api/unsubscribe/${audience}-${id}.x`,
    };
    const composeMany = messageKinds.get(DIGEST_KIND)?.composeMany;
    if (!composeMany) throw new Error('the digest kind composes in batches');
    const [kept, none, notYet] = await composeMany(ctx, [message(reader, 1), message(unsubscribed, 2), message(unconfirmed, 3)]);
    expect(kept?.subject).toBe('TGM : 1 nouvelle vidéo de vos créateurs');
    expect(kept?.html).toContain('Gardée');
    expect(kept?.html).toContain('https://tgm.example/liste/compose-lecteur?v=compose00000');
    expect(kept?.html).not.toContain('Masquée depuis');
    expect(kept?.text).not.toContain('Vue depuis');
    expect(none).toBeNull();
    expect(notYet).toBeNull();
    // Everything gone since the tick: nothing to send.
    await t.db.query(`INSERT INTO visitor_video (visitor_id, video_id, seen_at) VALUES ($1, 'compose00000', now())`, [reader]);
    expect(await composeMany(ctx, [message(reader, 4)])).toEqual([null]);
  });

  it('reads the hour, the day and the ISO week in TIMEZONE', () => {
    expect(localTime(new Date('2026-11-26T23:30:00Z'), 'Europe/Paris')).toEqual({ hour: 0, weekday: 5, date: '2026-11-27', week: '2026-W48' });
    expect(localTime(new Date('2027-01-01T12:00:00Z'), 'Europe/Paris')).toMatchObject({ weekday: 5, week: '2026-W53' });
  });
});
