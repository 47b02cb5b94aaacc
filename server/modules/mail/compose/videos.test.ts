import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { ampDocument, makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';
import { validateAmp4Email } from '../../../shared/amp4email';

let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    MAIL_POLL_MS: '50',
    PUBLIC_URL: 'https://news.tgm.example',
  });
  admin = await t.adminBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

let channelSeq = 0;
/** A creator (a channel of a theme) with videos published that many hours ago. */
async function creator(theme: string, videos: { id: string; title: string; hoursAgo: number }[]) {
  channelSeq += 1;
  const youtubeId = `UCvideosblock${channelSeq}${Math.random().toString(36).slice(2, 8)}`;
  const [{ id }] = await t.db.query<{ id: number }>(
    `INSERT INTO channel (youtube_id, name, theme) VALUES ($1, $2, $3) RETURNING id`,
    [youtubeId, `Créatrice ${channelSeq}`, theme],
  );
  for (const video of videos) await addVideo(id, video);
  return { id, youtubeId, name: `Créatrice ${channelSeq}` };
}
const addVideo = (channelId: number, video: { id: string; title: string; hoursAgo: number }) =>
  t.db.query(`INSERT INTO video (id, channel_id, title, published, thumbnail) VALUES ($1, $2, $3, now() - $4::interval, $5)`, [
    video.id,
    channelId,
    video.title,
    `${video.hoursAgo} hours`,
    `https://i.ytimg.com/vi/${video.id}/mqdefault.jpg`,
  ]);

/** The nth message an address received, its HTML's character references for `=` read back (Handlebars escapes it). */
async function receivedBy(email: string, nth = 0) {
  const messages = sink.messages.filter((m) => m.to.includes(email));
  const mail = await simpleParser(messages[nth].raw);
  return { ...mail, html: String(mail.html).replaceAll('&#x3D;', '='), text: mail.text, attachments: mail.attachments };
}
const ampOf = (mail: { attachments: Awaited<ReturnType<typeof simpleParser>>['attachments'] }) =>
  mail.attachments.find((a) => a.contentType === 'text/x-amp-html')?.content.toString() ?? '';

const pick = (delivery: Record<string, unknown>) => ({ codeHtml: delivery.codeHtml, codeText: delivery.codeText, codeAmp: delivery.codeAmp });

describe('videos in a newsletter (issue 40)', () => {
  it('shows, the second time it is sent to a list, only the videos published since the first, in HTML, text and AMP', async () => {
    const maker = await creator('Sciences', [
      { id: 'vidOld00001', title: 'Il y a trois jours', hoursAgo: 72 },
      { id: 'vidOld00002', title: 'Hier & avant', hoursAgo: 24 },
      { id: 'vidTooOld01', title: 'Il y a dix jours', hoursAgo: 240 },
    ]);
    const other = await creator('Cuisine', [{ id: 'vidOther001', title: 'Autre créatrice', hoursAgo: 2 }]);
    await t.db.query(
      `INSERT INTO video_rating (video_id, video_url, label, rating, email, recipient_id)
       VALUES ('vidOld00002', 'x', 'Objectivité', 4, 'a@example.org', 0), ('vidOld00002', 'x', 'Objectivité', 5, 'b@example.org', 0),
              ('vidOld00002', 'x', 'Motivation', 3, 'a@example.org', 0)`,
    );
    const block = `createurs="${maker.youtubeId}" depuis="dernier envoi" max=6`;
    const delId = await makeDelivery(t, admin, {
      html: `<html><body><h1>Nouveautés</h1>{{#videos ${block}}}<p class="v"><a href="{{url}}">{{titre}}</a> — {{createur}}, {{date}}, objectivité {{notes.objectivite}} ({{notes.nombre}})</p>{{else}}<p>Rien</p>{{/videos}}</body></html>`,
      text: `Nouveautés\n{{#videos ${block}}}* {{titre}} {{url}}\n{{/videos}}`,
      amp: ampDocument('<p>Nouveautés</p>{{videos createurs="' + maker.youtubeId + '"}}'),
    });
    const listId = await makeList(t, admin, [{ email: 'lecteur@example.org', firstname: 'Léo' }]);

    // The preview shows what the send would: the last 7 days before the first send.
    const preview = await t.call('POST', '/api/email/preview', admin, { ...pick((await t.call('GET', `/api/deliveries/${delId}`, admin)).json()), delId, listId });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain('Hier &amp; avant');
    expect(preview.json().missing).toEqual([]);

    const first = await startSend(t, admin, delId, listId);
    await waitForSend(t, admin, first.id, (s) => s.status === 'completed');
    const one = await receivedBy('lecteur@example.org');
    expect(one.html).toContain('https://news.tgm.example/?v=vidOld00002');
    expect(one.html).toContain('Il y a trois jours');
    expect(one.html).not.toContain('Il y a dix jours');
    expect(one.html).not.toContain('Autre créatrice');
    // Newest first, with the ratings' averages (French decimals) and count.
    expect(String(one.html).indexOf('Hier')).toBeLessThan(String(one.html).indexOf('Il y a trois jours'));
    expect(one.html).toContain('objectivité 4,5 (2)');
    expect(one.text).toContain('* Hier & avant https://news.tgm.example/?v=vidOld00002');
    const firstAmp = ampOf(one);
    expect(firstAmp).toContain('<amp-img src="https://i.ytimg.com/vi/vidOld00002/mqdefault.jpg"');
    expect(validateAmp4Email(firstAmp)).toEqual([]);

    // A video published after the first send: the second send shows it alone.
    await addVideo(maker.id, { id: 'vidNew00001', title: 'Toute nouvelle', hoursAgo: 0 });
    await addVideo(other.id, { id: 'vidOther002', title: 'Autre encore', hoursAgo: 0 });
    const second = await startSend(t, admin, delId, listId);
    await waitForSend(t, admin, second.id, (s) => s.status === 'completed');
    const two = await receivedBy('lecteur@example.org', 1);
    expect(two.html).toContain('Toute nouvelle');
    expect(two.html).not.toContain('Hier');
    expect(two.html).not.toContain('Il y a trois jours');
    expect(two.html).not.toContain('Autre encore');
    expect(two.text).toContain('* Toute nouvelle https://news.tgm.example/?v=vidNew00001');
    expect(two.text).not.toContain('Hier');
    const secondAmp = ampOf(two);
    expect(secondAmp).toContain('Toute nouvelle');
    expect(secondAmp).not.toContain('Hier');
    expect(validateAmp4Email(secondAmp)).toEqual([]);

    // The BAT shows the videos as the next send would: nothing new since the second.
    const bat = await t.call('POST', '/api/email/encoded', admin, { email: 'bat@example.org', delId });
    expect(bat.statusCode).toBe(200);
  });

  it('chooses by creators\' category and "<N> jours", renders the default cards, and refuses a wrong block naming the part', async () => {
    await creator('Géographie', [
      { id: 'vidGeo00001', title: 'Les fleuves', hoursAgo: 30 },
      { id: 'vidGeo00002', title: 'Les montagnes', hoursAgo: 5 },
    ]);
    const html = '<html><body>{{videos groupe="géographie" depuis="1 jours" max=6}}</body></html>';
    const preview = await t.call('POST', '/api/email/preview', admin, { codeHtml: [Buffer.from(html).toString('base64')], codeText: [Buffer.from('{{videos groupe="Géographie" depuis="2 jours"}}').toString('base64')] });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain('Les montagnes');
    expect(preview.json().html).not.toContain('Les fleuves');
    expect(preview.json().html).toContain('Pas encore de note');
    expect(preview.json().text).toContain('Les fleuves');

    for (const [code, message] of [
      ['{{videos depuis="hier"}}', 'depuis'],
      ['{{videos max=0}}', 'max'],
      ['{{videos couleur="bleu"}}', 'couleur'],
      ['{{videos groupe=theme}}', 'groupe'],
    ]) {
      const refused = await t.call('POST', '/api/email/preview', admin, { codeText: [Buffer.from(code).toString('base64')] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'codeText', message: expect.stringContaining(message) });
    }
  });

  it('is listed among the variables', async () => {
    const variables = (await t.call('GET', '/api/email/variables', admin)).json().variables;
    expect(variables).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'videos', group: 'bloc' })]));
  });
});
