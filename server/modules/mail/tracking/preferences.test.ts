import { simpleParser } from 'mailparser';
import { startApiTest, type ApiTest } from '../../../testing/requests';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { makeDelivery, startSend, waitForSend } from '../../../testing/mailFixtures';

/** The preference page's API (issue 37, item 4), from the link of a message a real SMTP server received. */
let { t, api, admin } = {} as ApiTest;
let sink: SmtpSink;
let news: number;
let offers: number;
let token: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ t, api, admin } = await startApiTest({ SMTP_URL: sink.url, MAIL_POLL_MS: '50', PUBLIC_URL: 'https://news.example' }));
  news = (await api.post('/api/grps', admin, { subject: 'Actualités' })).json().id;
  offers = (await api.post('/api/grps', admin, { subject: 'Offres' })).json().id;
  await api.post('/api/grp_rcps', admin, { grp: news, email: 'marie@example.org' });
  await api.post('/api/grp_rcps', admin, { grp: offers, email: 'MARIE@example.org' });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const consentOf = (grp: number) =>
  t.db.query<{ type: string; source: string; ip: string | null }>(
    `SELECT e.type, e.source, e.ip FROM grp_rcp_consent e JOIN grp_rcp c ON c.id = e.grp_rcp_id WHERE c.grp_id = $1 ORDER BY e.id`,
    [grp],
  );

describe('« Gérer mes abonnements »', () => {
  it("puts the link beside the unsubscribe one in every message's footer, and in {{preferencesUrl}}", async () => {
    const delId = await makeDelivery(t, admin, { html: '<html><body><p>Bonjour</p></body></html>', text: 'Bonjour. Vos préférences : {{preferencesUrl}}' });
    const before = sink.messages.length;
    await waitForSend(t, admin, (await startSend(t, admin, delId, news)).id);
    const mail = await simpleParser(sink.messages[before].raw);
    const link = /href="(https:\/\/news\.example\/preferences\/[^"]+)">Gérer mes abonnements<\/a>/.exec(String(mail.html));
    expect(link).not.toBeNull();
    expect(String(mail.html)).toMatch(/>Se désabonner<\/a> · <a href="https:\/\/news\.example\/preferences\//);
    token = link![1].split('/preferences/')[1];
    // The text part places the link itself, and gets the footer's two links (it does not place the unsubscribe one).
    expect(mail.text).toContain(`Vos préférences : https://news.example/preferences/${token}`);
    expect(mail.text).toContain(`Gérer mes abonnements : https://news.example/preferences/${token}`);
  });

  it('lists every list of the sender where the address is a contact; a GET changes nothing', async () => {
    const first = await api.get(`/api/preferences/${token}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({
      email: 'marie@example.org',
      suppressed: false,
      lists: [
        { grp: news, subject: 'Actualités', subscribed: true, changeable: true },
        { grp: offers, subject: 'Offres', subscribed: true, changeable: true },
      ],
    });
    expect((await api.get(`/api/preferences/${token}`)).json()).toEqual(first.json());
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM grp_rcp_consent WHERE source = 'préférences'`);
    expect(n).toBe(0);
  });

  it("gives the person their data and asks their erasure by e-mail from the same link (issue 38); a BAT's link names nobody", async () => {
    const data = await api.get(`/api/preferences/${token}/donnees`);
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-disposition']).toContain('mes-donnees.json');
    const whole = data.json();
    expect(Object.keys(whole)).toEqual(expect.arrayContaining(['contacts', 'consentements', 'envois', 'ouvertures', 'clics', 'rejets', 'automatisations', 'visiteur']));
    expect(JSON.stringify(whole.contacts)).toContain('marie@example.org');

    const before = sink.messages.length;
    const asked = await api.post(`/api/preferences/${token}/effacement`, {}, {});
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toContain('confirmer');
    await sink.waitForCount(before + 1);
    const mail = await simpleParser(sink.messages[before].raw);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('marie@example.org');
    expect(String(mail.html)).toMatch(/https:\/\/news\.example\/confirmation/);
    // Asking changes nothing yet: the contact is still there.
    expect((await api.get(`/api/preferences/${token}`)).json().lists).toHaveLength(2);

    expect((await api.get('/api/preferences/test/donnees')).statusCode).toBe(404);
    expect((await api.post('/api/preferences/test/effacement', {}, {})).statusCode).toBe(404);
  });

  it('unsubscribes and resubscribes one list by POST, each a consent event of source préférences', async () => {
    const left = await api.post(`/api/preferences/${token}`, { 'user-agent': 'Navigateur de Marie' }, { grp: offers, subscribed: false });
    expect(left.statusCode).toBe(200);
    expect(left.json().lists.map((l: { subscribed: boolean }) => l.subscribed)).toEqual([true, false]);
    expect((await consentOf(offers)).at(-1)).toMatchObject({ type: 'désabonné', source: 'préférences', ip: '127.0.0.1' });
    const back = await api.post(`/api/preferences/${token}`, {}, { grp: offers, subscribed: true });
    expect(back.json().lists.map((l: { subscribed: boolean }) => l.subscribed)).toEqual([true, true]);
    expect((await consentOf(offers)).at(-1)).toMatchObject({ type: 'réabonné', source: 'préférences' });
    // A list where the address is no contact is not reachable from this link.
    const foreign = (await api.post('/api/grps', admin, { subject: 'Autre' })).json().id;
    expect((await api.post(`/api/preferences/${token}`, {}, { grp: foreign, subscribed: true })).statusCode).toBe(404);
  });

  it('« Me désabonner de tout » leaves every list and suppresses the address; nothing brings it back from here', async () => {
    const all = await api.post(`/api/preferences/${token}/tout`, {}, {});
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ suppressed: true, lists: [{ subscribed: false }, { subscribed: false }] });
    expect((await consentOf(news)).map((e) => `${e.type}/${e.source}`)).toEqual(expect.arrayContaining(['désabonné/préférences', 'exclu/formulaire']));
    const [suppression] = await t.db.query('SELECT reason FROM suppression WHERE email = $1', ['marie@example.org']);
    expect(suppression).toEqual({ reason: 'désabonné' });
    const refused = await api.post(`/api/preferences/${token}`, {}, { grp: news, subscribed: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/liste d'exclusion|exclu/);
    // And nothing mails it any more: a send, an import into a new list, a segment over every list.
    const delId = await makeDelivery(t, admin, {});
    expect((await startSend(t, admin, delId, news)).total).toBe(0);
    const fresh = (await api.post('/api/grps', admin, { subject: 'Nouvelle' })).json().id;
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/grps/${fresh}/import`,
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: 'email\nMarie@example.org\n',
    });
    expect(imported.json()).toMatchObject({ added: 0, suppressed: 1 });
    const everyone = (await api.post('/api/segments', admin, { name: 'Tous', grp: null, match: 'tous', rules: [] })).json().id;
    const before = sink.messages.length;
    const send = await api.post('/api/sendEmail', admin, { delId, segmentId: everyone });
    await waitForSend(t, admin, send.json().id);
    expect(sink.messages.slice(before).flatMap((m) => m.to)).not.toContain('marie@example.org');
  });

  it('answers 404 to a token it did not make, and a BAT\'s link changes nothing', async () => {
    expect((await api.get('/api/preferences/1.abcdefghijklmnopqrstuvwx')).statusCode).toBe(404);
    // An unsubscribe token is not a preferences token.
    const [{ id }] = await t.db.query<{ id: number }>('SELECT id FROM grp_rcp WHERE grp_id = $1', [news]);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect((await api.get(`/api/preferences/test`)).json()).toMatchObject({ test: true, lists: [] });
    expect((await api.post(`/api/preferences/test/tout`, {}, {})).json()).toMatchObject({ test: true });
  });
});
