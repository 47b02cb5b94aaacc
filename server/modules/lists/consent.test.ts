import { startApiTest, type ApiTest } from '../../testing/requests';
import { removeExpiredPending } from './optIn';

/**
 * Consent and double opt-in (issue 23, docs/architecture.md, «Contacts and consent»): contacts keep who added them and how, public
 * subscriptions wait `en attente` (never mailed), and every state change is an event.
 */
let { t, api, operator } = {} as ApiTest;
let open: number;
let confirmed: number;
const PUBLIC = 'https://news.example.org';

beforeAll(async () => {
  ({ t, api, operator } = await startApiTest({ PUBLIC_URL: PUBLIC }));
  open = (await api.post('/api/grps', operator, { subject: 'Ouverte' })).json().id;
  const created = await api.post('/api/grps', operator, { subject: 'Confirmée', doubleOptIn: true });
  expect(created.json()).toMatchObject({ doubleOptIn: true });
  confirmed = created.json().id;
});
afterAll(() => t.close());

const consentOf = async (id: number) => (await api.get(`/api/grp_rcps/${id}`, operator)).json().consent;
const contactId = async (grp: number, email: string) =>
  (await t.db.query<{ id: number }>('SELECT id FROM grp_rcp WHERE grp_id = $1 AND email = $2', [grp, email]))[0]?.id;
const subscribe = (grp: number, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/grps/${grp}/subscribe`, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

it("records an operator's addition, then an unsubscription, a bounce and a re-subscription", async () => {
  const contact = (await api.post('/api/grp_rcps', operator, { email: 'ope@example.org', grp: open })).json();
  expect(contact.status).toBe('actif');
  await api.patch(`/api/grp_rcps/${contact.id}`, operator, { status: 'désabonné' });
  await api.patch(`/api/grp_rcps/${contact.id}`, operator, { status: 'actif' });
  await t.db.query(`UPDATE grp_rcp SET status = 'rejeté' WHERE id = $1`, [contact.id]);
  const consent = await consentOf(contact.id);
  expect(consent.map((e: { type: string; source: string }) => `${e.type}/${e.source}`)).toEqual([
    'ajouté/opérateur',
    'désabonné/opérateur',
    'réabonné/opérateur',
    'rejeté/message',
  ]);
  expect(consent[0]).toEqual({ type: 'ajouté', source: 'opérateur', at: expect.any(String), ip: null, userAgent: null });
  expect(new Date(consent[0].at).toISOString()).toBe(consent[0].at);
});

it("records an import with the file's name", async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/grps/${open}/import?file=${encodeURIComponent('salon 2026.csv')}`,
    headers: { ...operator, 'content-type': 'text/csv' },
    payload: 'email\nimported@example.org\n',
  });
  expect(response.json()).toMatchObject({ added: 1 });
  expect(await consentOf(await contactId(open, 'imported@example.org'))).toEqual([
    { type: 'ajouté', source: 'import', at: expect.any(String), ip: null, userAgent: null, file: 'salon 2026.csv' },
  ]);
});

describe('POST /api/grps/{id}/subscribe', () => {
  it('refuses a list without double opt-in (403) and an unknown one (404), in French', async () => {
    const closed = await subscribe(open, { email: 'someone@example.org' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toMatch(/ne prend pas d'abonnements publics/);
    expect((await subscribe(999_999, { email: 'someone@example.org' })).statusCode).toBe(404);
    const bad = await subscribe(confirmed, { email: 'pas-une-adresse' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
    // RFC 5321: 64 characters before the @, 63 in a label of the domain.
    for (const email of [`${'a'.repeat(65)}@example.org`, `someone@${'b'.repeat(64)}.org`]) {
      const overlong = await subscribe(confirmed, { email });
      expect(overlong.statusCode).toBe(400);
      expect(overlong.json()).toMatchObject({ field: 'email', message: expect.stringMatching(/64 caractères au plus avant le @/) });
    }
    expect(await contactId(open, 'someone@example.org')).toBeUndefined();
  });

  it('puts a form subscriber en attente, not mailable, with its address and browser recorded', async () => {
    const response = await subscribe(confirmed, { email: 'form@example.org', firstname: 'Léa' }, { origin: PUBLIC, 'user-agent': 'Firefox de test' });
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toMatch(/message de confirmation/);
    const id = await contactId(confirmed, 'form@example.org');
    const contact = (await api.get(`/api/grp_rcps/${id}`, operator)).json();
    expect(contact).toMatchObject({ status: 'en attente', actif: 0, firstname: 'Léa' });
    expect(contact.consent).toEqual([{ type: 'ajouté', source: 'formulaire', at: expect.any(String), ip: '127.0.0.1', userAgent: 'Firefox de test' }]);
    expect((await api.get(`/api/grp_rcps/${confirmed}/count`, operator)).json()).toMatchObject({ count: 0 });
    // Only the confirmation link activates it: an operator cannot.
    const forced = await api.patch(`/api/grp_rcps/${id}`, operator, { status: 'actif' });
    expect(forced.statusCode).toBe(409);
  });

  it("tells the public route called from elsewhere ('api') from the product's form", async () => {
    await subscribe(confirmed, { email: 'elsewhere@example.org' }, { origin: 'https://other.example.com' });
    await subscribe(confirmed, { email: 'script@example.org' });
    for (const email of ['elsewhere@example.org', 'script@example.org']) {
      expect((await consentOf(await contactId(confirmed, email)))[0]).toMatchObject({ type: 'ajouté', source: 'api', ip: '127.0.0.1' });
    }
  });

  it('answers the same for an address already in the list, and changes nothing for it', async () => {
    const member = (await api.post('/api/grp_rcps', operator, { email: 'member@example.org', grp: confirmed })).json();
    const again = await subscribe(confirmed, { email: 'MEMBER@example.org' }, { origin: PUBLIC });
    expect(again.statusCode).toBe(202);
    expect((await api.get(`/api/grp_rcps/${member.id}`, operator)).json()).toMatchObject({ status: 'actif' });
    expect(await consentOf(member.id)).toHaveLength(1);
  });

  it('lets someone who unsubscribed subscribe again, waiting for a new confirmation', async () => {
    const member = (await api.post('/api/grp_rcps', operator, { email: 'back@example.org', grp: confirmed })).json();
    await t.db.query(`UPDATE grp_rcp SET status = 'désabonné', unsubscribed_by = 'contact' WHERE id = $1`, [member.id]);
    await subscribe(confirmed, { email: 'back@example.org' }, { origin: PUBLIC });
    const contact = (await api.get(`/api/grp_rcps/${member.id}`, operator)).json();
    expect(contact.status).toBe('en attente');
    expect(contact.consent.map((e: { type: string; source: string }) => `${e.type}/${e.source}`)).toEqual([
      'ajouté/opérateur',
      'désabonné/message',
      'ajouté/formulaire',
    ]);
  });
});

it('removes subscriptions left unconfirmed after the expiry, and keeps those who had been members', async () => {
  await subscribe(confirmed, { email: 'late@example.org' });
  const late = await contactId(confirmed, 'late@example.org');
  const back = await contactId(confirmed, 'back@example.org');
  const fresh = await contactId(confirmed, 'form@example.org');
  await t.db.query(`UPDATE grp_rcp SET status_changed_at = now() - interval '8 days' WHERE id = ANY($1::int[])`, [[late, back]]);
  expect(await removeExpiredPending(t.db, 7)).toBe(2);
  expect(await contactId(confirmed, 'late@example.org')).toBeUndefined();
  expect(await t.db.query('SELECT 1 FROM grp_rcp_consent WHERE grp_rcp_id = $1', [late])).toHaveLength(0);
  expect((await api.get(`/api/grp_rcps/${back}`, operator)).json()).toMatchObject({ status: 'retiré' });
  expect((await api.get(`/api/grp_rcps/${fresh}`, operator)).json()).toMatchObject({ status: 'en attente' });
});
