import type { ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { startYoutubeStandIn, type YoutubeStandIn } from '../../../testing/youtubeStandIn';
import { DIGEST_TIMEZONE, digestAppEnv, digestChannel, digestDay, mailbox, visitorWithDigest } from '../../../testing/digestFixtures';
import { ampDocument, makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';
import { validateAmp4Email } from '../../../shared/amp4email';
import { queueDueDigests } from '../../visitors/digest';
import { ampFormsRefusal } from '../compose';
import { ratingTokens } from './tokens';
import { loadLinkSecret } from './unsubscribe';

let sink: SmtpSink;
let t: TestApp;
let youtube: YoutubeStandIn;
let mail: ReturnType<typeof mailbox>;
let admin: { authorization: string };

const CHANNEL = 'UCampnotesampnotesamp001';
const SENDER = 'news@tgm.example';

beforeAll(async () => {
  sink = await startSmtpSink();
  mail = mailbox(sink, 30_000);
  youtube = await startYoutubeStandIn();
  t = await createTestApp(digestAppEnv(sink.url, youtube.url));
  admin = await t.adminBearer();
});
afterAll(async () => {
  await t.close();
  await Promise.all([sink.stop(), youtube.close()]);
});

const ampOf = (parsed: ParsedMail) => parsed.attachments.find((a) => a.contentType === 'text/x-amp-html')?.content.toString() ?? '';
/** The forms of an AMP part: where each posts and its token. */
const formsOf = (amp: string) =>
  [...amp.matchAll(/<form method="post" action-xhr="([^"]+)"[^>]*><input type="hidden" name="token" value="([^"]+)">/g)].map(([, action, token]) => ({ action, token }));

/** A rating posted as a mailbox posts an AMP form: multipart, with the sender it names (AMP for Email, version 2). */
function postAsMailbox(token: string, ratings: Record<string, string>, headers: Record<string, string> = { 'amp-email-sender': SENDER }, query = '') {
  const boundary = '----ampFormBoundary7MA4YWxkTrZu0gW';
  const fields = { token, ...ratings };
  const payload =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/api/amp/notes${query}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://mail.google.com', ...headers },
    payload,
  });
}

describe('rating from the inbox (issue 40)', () => {
  it("takes a digest's AMP rating as the visitor's: on the video's panel and in the audience, the latest wins; forged, other-video and expired tokens and other senders refused", async () => {
    const channel = digestChannel(youtube, CHANNEL, 'Chaîne notée');
    await channel.publish(t.db, 'ampnote0001', 'Avant');
    const visitor = await visitorWithDigest({ signUp: t, settings: t }, 'noteur@example.org', CHANNEL);
    const [confirmation] = await mail.mailsTo('noteur@example.org', 1);
    const link = /https:\/\/tgm\.example\/confirmation\/([\w-]+)/.exec(confirmation.text ?? '')?.[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/confirmations/${link}` })).statusCode).toBe(200);
    expect(visitor['x-visitor-token']).toBeTruthy();
    await channel.publish(t.db, 'ampnote0002', 'À noter');
    expect(await queueDueDigests(t.db, digestDay(1), DIGEST_TIMEZONE)).toBe(1);
    const [, digest] = await mail.mailsTo('noteur@example.org', 2);

    const amp = ampOf(digest);
    expect(amp).toContain('À noter');
    expect(validateAmp4Email(amp)).toEqual([]);
    const [form] = formsOf(amp);
    expect(form.action).toBe('https://tgm.example/api/amp/notes');
    expect(form.token).not.toContain('noteur');
    expect(amp).toContain('<div submit-success><template type="amp-mustache"><p>Succès!</p></template></div>');
    expect(amp).toContain('<div submit-error><template type="amp-mustache"><p>Erreur !Oops!</p></template></div>');

    const posted = await postAsMailbox(form.token, { objectivite: '4', information: '5', motivation: '' });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['amp-email-allow-sender']).toBe(SENDER);
    expect(posted.json()).toEqual({ message: 'Succès!', videoId: 'ampnote0002', ratings: { objectivite: 4, information: 5 } });

    const panel = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/video/rating?videourl=${encodeURIComponent('https://www.youtube.com/watch?v=ampnote0002')}` })).json().ratings;
    expect(await panel()).toEqual(
      expect.arrayContaining([{ label: 'Objectivité', average: 4, count: 1 }, { label: 'Information', average: 5, count: 1 }]),
    );
    // The visitor's own: their panel reads it back with their token.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/video/rating/mine?videourl=${encodeURIComponent('https://www.youtube.com/watch?v=ampnote0002')}`,
      headers: visitor,
    });
    expect(mine.json().mine).toEqual({ Objectivité: 4, Information: 5 });

    // Until it expires, the same form changes the rating: one per person and video, the latest wins.
    expect((await postAsMailbox(form.token, { objectivite: '2' })).statusCode).toBe(200);
    expect(await panel()).toEqual(expect.arrayContaining([{ label: 'Objectivité', average: 2, count: 1 }]));
    const audience = (await t.call('GET', '/api/audience', admin)).json()['hydra:member'].find((row: { channelId: string }) => row.channelId === CHANNEL);
    expect(audience.ratings['Objectivité']).toEqual({ average: 2, count: 1 });

    // The older sender check (__amp_source_origin), answered with its own headers.
    const older = await postAsMailbox(form.token, { motivation: '3' }, {}, `?__amp_source_origin=${encodeURIComponent(SENDER)}`);
    expect(older.statusCode).toBe(200);
    expect(older.headers['amp-access-control-allow-source-origin']).toBe(SENDER);
    expect(older.headers['access-control-allow-origin']).toBe('https://mail.google.com');

    // Refused: another sender (no allowing header), a forged token, a token for another video, an expired one.
    const other = await postAsMailbox(form.token, { objectivite: '1' }, { 'amp-email-sender': 'someone@elsewhere.example' });
    expect(other.statusCode).toBe(403);
    expect(other.headers['amp-email-allow-sender']).toBeUndefined();
    const otherSource = await postAsMailbox(form.token, { objectivite: '1' }, { 'amp-email-sender': SENDER }, '?__amp_source_origin=someone%40elsewhere.example');
    expect(otherSource.statusCode).toBe(403);
    expect(otherSource.headers['amp-email-allow-sender']).toBeUndefined();
    const forged = `${form.token.slice(0, -1)}${form.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await postAsMailbox(forged, { objectivite: '1' })).json()).toMatchObject({ statusCode: 403, field: 'token' });
    expect((await postAsMailbox(form.token.replace('ampnote0002', 'ampnote0001'), { objectivite: '1' })).statusCode).toBe(403);
    const tokens = ratingTokens(await loadLinkSecret(t.db));
    const claims = tokens.verify(form.token)!;
    const expired = tokens.sign({ ...claims, expires: Math.floor(Date.now() / 1000) - 60 });
    expect((await postAsMailbox(expired, { objectivite: '1' })).statusCode).toBe(403);
    expect((await postAsMailbox(form.token, { objectivite: '9' })).json()).toMatchObject({ statusCode: 400, field: 'objectivite' });
    expect(await panel()).toEqual(expect.arrayContaining([{ label: 'Objectivité', average: 2, count: 1 }]));
  });

  it("keeps a list contact's rating from the default videos card against their address, exported and erased on request", async () => {
    const [{ id: channelId }] = await t.db.query<{ id: number }>(`INSERT INTO channel (youtube_id, name, theme) VALUES ('UCampnotescontact000001', 'Pour la liste', 'Arts') RETURNING id`);
    await t.db.query(`INSERT INTO video (id, channel_id, title, published, thumbnail) VALUES ('ampcard0001', $1, 'Carte', now(), 'https://i.ytimg.com/vi/ampcard0001/mqdefault.jpg')`, [channelId]);
    const delId = await makeDelivery(t, admin, { amp: ampDocument('{{videos groupe="Arts"}}') });
    const listId = await makeList(t, admin, [{ email: 'Contact.Note@example.org' }]);
    const send = await startSend(t, admin, delId, listId);
    await waitForSend(t, admin, send.id, (s) => s.status === 'completed');
    const [received] = await mail.mailsTo('Contact.Note@example.org', 1);
    const amp = ampOf(received);
    expect(validateAmp4Email(amp)).toEqual([]);
    const [form] = formsOf(amp);
    expect((await postAsMailbox(form.token, { motivation: '5' })).statusCode).toBe(200);
    // An admin's export of the address holds it; its erasure keeps the rating without its author.
    const exported = (await t.call('GET', '/api/personnes/export?email=contact.note%40example.org', admin)).json();
    expect(exported.visiteur.evaluations).toEqual([expect.objectContaining({ 'vidéo': 'ampcard0001', 'critère': 'Motivation', note: 5 })]);
    expect((await t.call('POST', '/api/personnes/effacement', admin, { email: 'Contact.Note@example.org' })).statusCode).toBe(200);
    const after = (await t.call('GET', '/api/personnes/export?email=contact.note%40example.org', admin)).json();
    expect(after.visiteur?.evaluations ?? []).toEqual([]);
    const [kept] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM video_rating WHERE video_id = 'ampcard0001' AND email IS NULL`);
    expect(kept.n).toBe(1);
  });

  it('carries no form with an http PUBLIC_URL, and the editor is told why', async () => {
    expect(ampFormsRefusal('https://tgm.example')).toBeNull();
    expect(ampFormsRefusal('http://localhost:8080')).toContain('https');
    const variables = (await t.call('GET', '/api/email/variables', admin)).json();
    expect(variables.ampForms).toBeNull();
  });
});
