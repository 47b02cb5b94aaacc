import { simpleParser, type ParsedMail } from 'mailparser';
import type { Db, Queryable } from '../db/db';
import { createFeedClient } from '../modules/feeds/feedClient';
import { refreshFeeds } from '../modules/feeds/refresh';
import type { FeedVideo } from '../modules/feeds/types';
import { localTime } from '../modules/visitors/digest';
import type { SmtpSink } from './smtpSink';
import type { TestApp } from './testApp';
import { renderFeed, type YoutubeStandIn } from './youtubeStandIn';

/**
 * What the digest's tests (issue 24) share: an injected clock at an hour the apps' own
 * (wall-clock) ticks do not reach, a channel whose feed brings videos, visitors who ask for
 * the daily digest, and waiting for mail.
 */
export const DIGEST_TIMEZONE = 'Europe/Paris';

/** An hour the apps' own ticks do not reach during the test. */
export const DIGEST_HOUR = (localTime(new Date(), DIGEST_TIMEZONE).hour + 12) % 24;

/** The injected clock: day `n` of January 2030 at DIGEST_HOUR:minute in Paris (UTC+1 in winter). */
export const digestDay = (n: number, minute = 5) =>
  new Date(Date.UTC(2030, 0, n, (DIGEST_HOUR + 23) % 24, minute) + (DIGEST_HOUR === 0 ? 86_400_000 : 0));

/** The settings both digest tests give their apps: mail to the sink, feeds from the stand-in, no rate limit in the way. */
export const digestAppEnv = (smtpUrl: string, youtubeUrl: string) => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'TGM <news@tgm.example>',
  PUBLIC_URL: 'https://tgm.example',
  MAIL_POLL_MS: '50',
  TIMEZONE: DIGEST_TIMEZONE,
  YOUTUBE_FEED_URL: youtubeUrl,
  PUBLIC_WRITE_RATE_LIMIT: '10000',
  PUBLIC_READ_RATE_LIMIT: '10000',
});

/** A channel on the YouTube stand-in; `publish` adds a video to its feed and refreshes the feeds into `db`. */
export function digestChannel(youtube: YoutubeStandIn, channelId: string, name: string) {
  const videos: FeedVideo[] = [];
  const render = () => youtube.feeds.set(channelId, { xml: renderFeed({ channelId, name, videos }) });
  render();
  return {
    async publish(db: Db, videoId: string, title: string, kind: { short?: boolean; views?: number } = {}): Promise<void> {
      videos.unshift({ videoId, title, published: new Date().toISOString(), thumbnail: `https://i2.ytimg.com/vi/${videoId}/hqdefault.jpg`, views: kind.views ?? 1, short: kind.short });
      render();
      await refreshFeeds(db, createFeedClient({ baseUrl: youtube.url }), { info: () => undefined, warn: () => undefined });
    },
  };
}

/**
 * Signs a visitor up on `signUp`, then on `settings` (the same app, or another process) makes
 * their list, follows `channel` and asks for the daily digest at DIGEST_HOUR: not confirmed yet.
 */
export async function visitorWithDigest(
  apps: { signUp: TestApp; settings: TestApp },
  email: string,
  channel: string,
): Promise<Record<string, string>> {
  const signup = await apps.signUp.app.inject({
    method: 'POST',
    url: '/api/rtEvent/new',
    payload: { path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
  });
  const headers = { 'x-visitor-token': signup.json().tokenAc as string };
  const { app } = apps.settings;
  await app.inject({ method: 'POST', url: '/api/visitor/liste', headers, payload: { name: email.split('@')[0] } });
  const followed = await app.inject({ method: 'POST', url: '/api/visitor/follow', headers, payload: { chaine: channel } });
  if (followed.statusCode !== 200) throw new Error(`follow answered ${followed.statusCode}: ${followed.body}`);
  const patched = await app.inject({ method: 'PATCH', url: '/api/visitor/me', headers, payload: { digest: 'quotidien', digestHour: DIGEST_HOUR } });
  const me = patched.json() as { digest?: string; digestHour?: number; emailConfirmed?: boolean };
  if (me.digest !== 'quotidien' || me.digestHour !== DIGEST_HOUR || me.emailConfirmed !== false) throw new Error(`PATCH /api/visitor/me answered ${patched.body}`);
  return headers;
}

/** The messages the sink received for an address, and waiting for them. */
export function mailbox(sink: SmtpSink, timeoutMs: number) {
  const received = (address: string) => sink.messages.filter((m) => m.to.includes(address));
  return {
    received,
    /** Waits until `address` has `count` messages; answers them parsed. */
    async mailsTo(address: string, count: number): Promise<ParsedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received(address).length < count) {
        if (Date.now() > deadline) throw new Error(`${received(address).length} message(s) to ${address}, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return Promise.all(received(address).map((m) => simpleParser(m.raw)));
    },
  };
}

/** Waits until every queued message has been sent (or declined), by whichever worker. */
export async function queueDrained(db: Queryable, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ left }] = await db.query<{ left: number }>("SELECT count(*)::int AS left FROM mail_message WHERE status IN ('pending', 'sending')");
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error('messages still queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
