import { createTestApp, type TestApp } from '../../testing/testApp';

/**
 * The contact's state trigger (migrations 0210_1 and 0214_2): `actif` and `status` tell one
 * truth whoever writes either, and the trigger runs only where it has something to do.
 */
let t: TestApp;
let grp: number;
let user: number;

beforeAll(async () => {
  t = await createTestApp();
  [{ id: user }] = await t.db.query<{ id: number }>(`SELECT id FROM app_user ORDER BY id LIMIT 1`);
  [{ id: grp }] = await t.db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ('États', $1) RETURNING id`, [user]);
});
afterAll(() => t.close());

interface State {
  actif: number;
  status: string;
  unsubscribed_by: string | null;
  changed: boolean;
}

const COLUMNS = `actif, status, unsubscribed_by, status_changed_at IS NOT NULL AS changed`;

const insert = async (email: string, set: Record<string, unknown> = {}): Promise<State> => {
  const columns = ['grp_id', 'user_id', 'email', ...Object.keys(set)];
  const values = [grp, user, email, ...Object.values(set)];
  const [row] = await t.db.query<State>(
    `INSERT INTO grp_rcp (${columns.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${COLUMNS}`,
    values,
  );
  return row;
};

const update = async (email: string, assignments: string): Promise<State> =>
  (await t.db.query<State>(`UPDATE grp_rcp SET ${assignments} WHERE grp_id = $1 AND email = $2 RETURNING ${COLUMNS}`, [grp, email]))[0];

it('keeps a new contact active, and derives the state of one added inactive or unsubscribed', async () => {
  expect(await insert('a@example.org')).toEqual({ actif: 1, status: 'actif', unsubscribed_by: null, changed: false });
  expect(await insert('b@example.org', { actif: 0 })).toEqual({ actif: 0, status: 'retiré', unsubscribed_by: null, changed: true });
  expect(await insert('c@example.org', { status: 'désabonné' })).toEqual({
    actif: 0,
    status: 'désabonné',
    unsubscribed_by: 'operator',
    changed: true,
  });
  expect(await insert('d@example.org', { status: 'désabonné', unsubscribed_by: 'contact' })).toMatchObject({ unsubscribed_by: 'contact' });
  // Who unsubscribed means nothing for an active contact.
  expect(await insert('e@example.org', { unsubscribed_by: 'contact' })).toEqual({ actif: 1, status: 'actif', unsubscribed_by: null, changed: false });
});

it('follows whichever of actif and status an update changes, and leaves the state alone otherwise', async () => {
  expect(await update('a@example.org', 'actif = 0')).toEqual({ actif: 0, status: 'retiré', unsubscribed_by: null, changed: true });
  expect(await update('a@example.org', `status = 'actif'`)).toMatchObject({ actif: 1, status: 'actif' });
  expect(await update('a@example.org', `status = 'rejeté'`)).toMatchObject({ actif: 0, status: 'rejeté', unsubscribed_by: null });
  expect(await update('a@example.org', 'actif = 1')).toMatchObject({ actif: 1, status: 'actif' });
  expect(await update('c@example.org', `firstname = 'Claire'`)).toEqual({
    actif: 0,
    status: 'désabonné',
    unsubscribed_by: 'operator',
    changed: true,
  });
});
