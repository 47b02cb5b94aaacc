import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { getSend, makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';

let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'TGM <news@tgm.example>', PUBLIC_URL: 'https://tgm.example', MAIL_POLL_MS: '50' });
  admin = await t.adminBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const HTML = `<html><body>
<p><a href="https://shop.example/offre?a=1&amp;b={{firstname}}">Offre</a></p>
<p><a class="x" href='http://news.example/article'>Article</a></p>
<p><a href="mailto:contact@tgm.example">Écrire</a> <a href="#top">Haut</a></p>
<p><a href="{{unsubscribeUrl}}">Se désabonner</a></p>
</body></html>`;

async function sentHtml(address: string) {
  const [raw] = sink.messages.filter((m) => m.to.includes(address)).slice(-1);
  const mail = await simpleParser(raw.raw);
  return { html: String(mail.html), text: mail.text ?? '' };
}
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&').replace(/&#x3D;/g, '='));
const pathOf = (url: string) => url.replace('https://tgm.example', '');

async function sendWith(properties: unknown, contacts: { email: string; firstname: string }[]) {
  const delId = await makeDelivery(t, admin, { html: HTML, text: 'Lire https://news.example/article', properties });
  const listId = await makeList(t, admin, contacts);
  const started = await startSend(t, admin, delId, listId);
  await waitForSend(t, admin, started.id);
  return started.id;
}

describe('opens and clicks', () => {
  it('tracks nothing unless the template turns tracking on', async () => {
    const sendId = await sendWith(undefined, [{ email: 'plain@example.org', firstname: 'Pia' }]);
    const { html } = await sentHtml('plain@example.org');
    expect(hrefs(html)).toContain('https://shop.example/offre?a=1&b=Pia');
    expect(html).not.toContain('/api/t/');
    expect(await getSend(t, admin, sendId)).toMatchObject({ opened: 0, clicked: 0 });
  });

  it('rewrites web links to signed redirects and counts distinct opens and clicks', async () => {
    const sendId = await sendWith({ tracking: true }, [
      { email: 'ana@example.org', firstname: 'Ana' },
      { email: 'bob@example.org', firstname: 'Bob' },
    ]);
    const { html, text } = await sentHtml('ana@example.org');
    const links = hrefs(html);
    const tracked = links.filter((href) => href.startsWith('https://tgm.example/api/t/c/'));
    expect(tracked).toHaveLength(2);
    // Not mailto:, anchors or the unsubscribe link; the text part stays as written.
    expect(links).toContain('mailto:contact@tgm.example');
    expect(links).toContain('#top');
    expect(links.some((href) => href.startsWith('https://tgm.example/api/unsubscribe/'))).toBe(true);
    expect(text).toContain('https://news.example/article');
    const pixel = /<img src="(https:\/\/tgm\.example\/api\/t\/o\/[^"]+\.gif)" width="1" height="1"/.exec(html)?.[1];
    expect(pixel).toBeDefined();

    const click = await t.app.inject({ url: pathOf(tracked[0]) });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://shop.example/offre?a=1&b=Ana');
    await t.app.inject({ url: pathOf(tracked[0]) });
    await t.app.inject({ url: pathOf(tracked[1]) });
    const image = await t.app.inject({ url: pathOf(pixel!) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    await t.app.inject({ url: pathOf(pixel!) });

    const view = await getSend(t, admin, sendId);
    expect(view).toMatchObject({ opened: 1, clicked: 1 });
    const [ana] = await t.db.query<{ opens: number; clicks: number; opened_at: string; last_opened_at: string; machine_open: boolean }>(
      `SELECT r.opens, r.clicks, r.opened_at, r.last_opened_at, r.machine_open FROM mail_recipient r
       JOIN grp_rcp c ON c.id = r.contact_id WHERE r.send_id = $1 AND c.email = 'ana@example.org'`,
      [sendId],
    );
    expect(ana).toMatchObject({ opens: 3, clicks: 3 });
    expect(new Date(ana.last_opened_at).getTime()).toBeGreaterThanOrEqual(new Date(ana.opened_at).getTime());
    // Opened within seconds of sending: a machine's (a scanner or a privacy proxy).
    expect(ana.machine_open).toBe(true);
    const links2 = await t.db.query<{ url: string; clicks: number }>(
      'SELECT url, sum(clicks)::int AS clicks FROM mail_click WHERE send_id = $1 GROUP BY url ORDER BY url',
      [sendId],
    );
    expect(links2).toEqual([
      { url: 'http://news.example/article', clicks: 1 },
      { url: 'https://shop.example/offre?a=1&b=Ana', clicks: 2 },
    ]);

    // An open long after delivery is a person's.
    const { html: bobHtml } = await sentHtml('bob@example.org');
    await t.db.query(`UPDATE mail_recipient SET sent_at = now() - interval '1 hour' WHERE send_id = $1`, [sendId]);
    const bobPixel = /<img src="([^"]+\.gif)"/.exec(bobHtml)![1];
    await t.app.inject({ url: pathOf(bobPixel) });
    const [bob] = await t.db.query<{ machine_open: boolean }>(
      `SELECT r.machine_open FROM mail_recipient r JOIN grp_rcp c ON c.id = r.contact_id WHERE r.send_id = $1 AND c.email = 'bob@example.org'`,
      [sendId],
    );
    expect(bob.machine_open).toBe(false);
    expect(await getSend(t, admin, sendId)).toMatchObject({ opened: 2, clicked: 1 });
  });

  it('answers 404 to a modified or unsigned link (never an open redirect), and counts nothing for a bad image token', async () => {
    const sendId = await sendWith({ tracking: true }, [{ email: 'cy@example.org', firstname: 'Cy' }]);
    const { html } = await sentHtml('cy@example.org');
    const [link] = hrefs(html).filter((href) => href.includes('/api/t/c/'));
    const token = pathOf(link).split('/').pop()!;
    const [send, contact, url, mac] = token.split('.');
    const evil = Buffer.from('https://evil.example/').toString('base64url');
    for (const bad of [
      `${send}.${contact}.${evil}.${mac}`,
      `${send}.${Number(contact) + 1}.${url}.${mac}`,
      `${send}.${contact}.${url}`,
      `${send}.${contact}.${url}.${'A'.repeat(22)}`,
      'https%3A%2F%2Fevil.example',
    ]) {
      const response = await t.app.inject({ url: `/api/t/c/${bad}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
    const image = await t.app.inject({ url: `/api/t/o/${send}.${contact}.${'A'.repeat(22)}.gif` });
    expect(image.statusCode).toBe(200);
    expect(await getSend(t, admin, sendId)).toMatchObject({ opened: 0, clicked: 0 });
  });

  it('credits an unsubscribe to the latest send the contact received, once', async () => {
    const sendId = await sendWith({ tracking: true }, [{ email: 'dee@example.org', firstname: 'Dee' }]);
    const { html } = await sentHtml('dee@example.org');
    const unsubscribe = pathOf(hrefs(html).find((href) => href.includes('/api/unsubscribe/'))!);
    expect((await t.app.inject({ method: 'POST', url: unsubscribe })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: unsubscribe })).statusCode).toBe(200);
    expect(await getSend(t, admin, sendId)).toMatchObject({ unsubscribed: 1 });
  });
});
