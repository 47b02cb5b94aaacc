import { createTestApp, type TestApp } from '../../testing/testApp';
import { suppressAddresses } from '../suppressions';

/**
 * The spec's opt-in at sign-up (§7.6, issue 37 item 5): a visitor who ticks it joins the list an
 * admin marked as the public default, through its double opt-in when it has one, with source
 * `formulaire`; without a default list nothing is added.
 */
const PUBLIC_URL = 'https://tgm.example';
let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
});
afterAll(() => t.close());

const signUp = (email: string, { optin = true, grpName = 'default', origin = PUBLIC_URL } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rtEvent/new',
    headers: { 'content-type': 'application/json', origin },
    payload: JSON.stringify({ path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: grpName, optin, data: { email, optin, grp_name: grpName } }),
  });
const contactsOf = (email: string) =>
  t.db.query<{ grp: number; status: string; origin: string }>(
    'SELECT grp_id AS grp, status, origin FROM grp_rcp WHERE lower(email) = lower($1) ORDER BY grp_id',
    [email],
  );
const consentOf = async (email: string) =>
  (
    await t.db.query<{ event: string }>(
      `SELECT e.type || '/' || e.source AS event FROM grp_rcp_consent e JOIN grp_rcp c ON c.id = e.grp_rcp_id WHERE c.email = $1 ORDER BY e.id`,
      [email],
    )
  ).map((row) => row.event);
const list = async (subject: string, extra: Record<string, unknown> = {}) => (await t.call('POST', '/api/grps', operator, { subject, ...extra })).json();

it('adds nothing while no list is the public default', async () => {
  expect((await signUp('sans-liste@example.org')).statusCode).toBe(201);
  expect(await contactsOf('sans-liste@example.org')).toEqual([]);
  expect((await t.call('GET', '/api/grps?publicDefault=true', admin)).json()['hydra:totalItems']).toBe(0);
});

it('lets only an admin mark the public default, one list at most', async () => {
  const first = await list('Lettre publique A');
  const second = await list('Lettre publique B');
  const refused = await t.call('PATCH', `/api/grps/${first.id}`, operator, { publicDefault: true });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toContain("'publicDefault'");
  expect((await t.call('POST', '/api/grps', operator, { subject: 'Pas moi', publicDefault: true })).statusCode).toBe(403);
  expect((await t.call('PATCH', `/api/grps/${first.id}`, admin, { publicDefault: true })).json()).toMatchObject({ publicDefault: true });
  expect((await t.call('PATCH', `/api/grps/${second.id}`, admin, { publicDefault: true })).json()).toMatchObject({ publicDefault: true });
  const marked = (await t.call('GET', '/api/grps?publicDefault=true', admin)).json()['hydra:member'];
  expect(marked.map((g: { id: number }) => g.id)).toEqual([second.id]);
  expect((await t.call('GET', `/api/grps/${first.id}`, operator)).json()).toMatchObject({ publicDefault: false });
});

it('adds a visitor who ticked the box to the default list, active when it takes no confirmation, source formulaire', async () => {
  const target = await list('Lettre sans confirmation');
  await t.call('PATCH', `/api/grps/${target.id}`, admin, { publicDefault: true });
  expect((await signUp('coche@example.org')).statusCode).toBe(201);
  expect(await contactsOf('coche@example.org')).toEqual([{ grp: target.id, status: 'actif', origin: 'formulaire' }]);
  expect(await consentOf('coche@example.org')).toEqual(['ajouté/formulaire']);
  // From elsewhere than the product's pages: the consent says `api`.
  await signUp('ailleurs@example.org', { origin: 'https://autre.example' });
  expect(await consentOf('ailleurs@example.org')).toEqual(['ajouté/api']);
  // The box not ticked, or another group named: nothing.
  await signUp('pas-coche@example.org', { optin: false });
  await signUp('autre-groupe@example.org', { grpName: 'vip' });
  expect([...(await contactsOf('pas-coche@example.org')), ...(await contactsOf('autre-groupe@example.org'))]).toEqual([]);
  // An address on the owner's suppression list: nothing either.
  await suppressAddresses(t.db, [{ owner: target.user, email: 'exclue@example.org', reason: 'désabonné', source: 'formulaire' }]);
  expect((await signUp('exclue@example.org')).statusCode).toBe(201);
  expect(await contactsOf('exclue@example.org')).toEqual([]);
  // A second sign-up of a known address (its sign-in link mailed) ticks the box too: already in, left as it is.
  await t.call('PATCH', `/api/grp_rcps/${(await t.db.query<{ id: number }>(`SELECT id FROM grp_rcp WHERE email = 'coche@example.org'`))[0].id}`, operator, { status: 'désabonné' });
  expect((await signUp('coche@example.org')).statusCode).toBe(202);
  expect(await contactsOf('coche@example.org')).toEqual([{ grp: target.id, status: 'désabonné', origin: 'formulaire' }]);
});

it('goes through the default list’s double opt-in when it requires one: waiting, and its confirmation queued', async () => {
  const target = await list('Lettre confirmée', { doubleOptIn: true });
  await t.call('PATCH', `/api/grps/${target.id}`, admin, { publicDefault: true });
  expect((await signUp('confirme@example.org')).statusCode).toBe(201);
  expect(await contactsOf('confirme@example.org')).toEqual([{ grp: target.id, status: 'en attente', origin: 'formulaire' }]);
  const queued = await t.db.query<{ kind: string }>(`SELECT kind FROM mail_message WHERE to_email = 'confirme@example.org'`);
  expect(queued).toEqual([{ kind: 'confirmation-liste' }]);
  // A deleted default list takes nobody.
  await t.call('PATCH', `/api/grps/${target.id}`, operator, { actif: 0 });
  await signUp('apres-suppression@example.org');
  expect(await contactsOf('apres-suppression@example.org')).toEqual([]);
});
