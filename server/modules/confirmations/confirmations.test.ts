import { createTestApp, type TestApp } from '../../testing/testApp';
import { confirmationUrl, issueConfirmation } from './index';

/**
 * Confirmation by a button: the GET tells and changes nothing, only the POST
 * confirms, once; the token is stored hashed; used or expired tokens answer 410 in French.
 */
let t: TestApp;
let grp: number;
let user: number;

beforeAll(async () => {
  t = await createTestApp();
  [{ id: user }] = await t.db.query<{ id: number }>(`SELECT id FROM app_user ORDER BY id LIMIT 1`);
  [{ id: grp }] = await t.db.query<{ id: number }>(
    `INSERT INTO grp (subject, user_id, double_opt_in) VALUES ('Lettre du lundi', $1, true) RETURNING id`,
    [user],
  );
});
afterAll(() => t.close());

async function pendingContact(email: string): Promise<{ id: number; token: string }> {
  return t.db.transaction(async (tx) => {
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO grp_rcp (grp_id, user_id, email, status) VALUES ($1, $2, $3, 'en attente') RETURNING id`,
      [grp, user, email],
    );
    return { id, token: await issueConfirmation(tx, { kind: 'liste', subjectId: id, ttlHours: 24 }) };
  });
}

const statusOf = async (id: number) => (await t.db.query<{ status: string }>('SELECT status FROM grp_rcp WHERE id = $1', [id]))[0].status;

it('issues a long random token, keeps only its hash, and links to the page', async () => {
  const { token } = await pendingContact('hash@example.org');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM confirmation');
  expect(stored.some((row) => row.token_hash.includes(token))).toBe(false);
  expect(confirmationUrl('https://news.example.org/', token)).toBe(`https://news.example.org/confirmation/${token}`);
});

it('answers what a link confirms on GET, however often, and confirms nothing', async () => {
  const { id, token } = await pendingContact('scanner@example.org');
  for (let i = 0; i < 3; i++) {
    const response = await t.app.inject({ method: 'GET', url: `/api/confirmations/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'liste',
      label: "L'abonnement de scanner@example.org à la liste « Lettre du lundi »",
      expired: false,
      used: false,
    });
  }
  // HEAD, as some scanners send, changes nothing either.
  await t.app.inject({ method: 'HEAD', url: `/api/confirmations/${token}` });
  expect(await statusOf(id)).toBe('en attente');
});

it('confirms on POST once, records who confirmed, and answers 410 after', async () => {
  const { id, token } = await pendingContact('button@example.org');
  const first = await t.app.inject({
    method: 'POST',
    url: `/api/confirmations/${token}`,
    headers: { 'user-agent': 'Navigateur de test' },
  });
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ confirmed: true, email: 'button@example.org', list: 'Lettre du lundi' });
  expect(await statusOf(id)).toBe('actif');
  const events = await t.db.query<{ type: string; source: string; user_agent: string | null; ip: string | null }>(
    'SELECT type, source, user_agent, ip FROM grp_rcp_consent WHERE grp_rcp_id = $1 ORDER BY id',
    [id],
  );
  expect(events.map((e) => `${e.type}/${e.source}`)).toEqual(['ajouté/opérateur', 'confirmé/message']);
  expect(events[1]).toMatchObject({ user_agent: 'Navigateur de test', ip: '127.0.0.1' });

  const again = await t.app.inject({ method: 'POST', url: `/api/confirmations/${token}` });
  expect(again.statusCode).toBe(410);
  expect(again.json()).toEqual({ statusCode: 410, error: 'Gone', message: 'Ce lien de confirmation a déjà servi.' });
  expect((await t.app.inject({ method: 'GET', url: `/api/confirmations/${token}` })).json()).toMatchObject({ used: true });
});

it('refuses an expired token with 410 and an unknown one with 404, in French', async () => {
  const { id, token } = await pendingContact('late@example.org');
  await t.db.query(`UPDATE confirmation SET expires_at = now() - interval '1 minute' WHERE subject_id = $1`, [id]);
  expect((await t.app.inject({ method: 'GET', url: `/api/confirmations/${token}` })).json()).toMatchObject({ expired: true, used: false });
  const late = await t.app.inject({ method: 'POST', url: `/api/confirmations/${token}` });
  expect(late.statusCode).toBe(410);
  expect(late.json().message).toBe('Ce lien de confirmation a expiré.');
  expect(await statusOf(id)).toBe('en attente');

  const unknown = await t.app.inject({ method: 'POST', url: '/api/confirmations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().message).toBe("Ce lien de confirmation n'existe pas.");
  const malformed = await t.app.inject({ method: 'GET', url: '/api/confirmations/x' });
  expect(malformed.statusCode).toBe(400);
});

it('confirms once when two clicks race', async () => {
  const { id, token } = await pendingContact('race@example.org');
  const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: `/api/confirmations/${token}` })));
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
  const confirmed = await t.db.query(`SELECT 1 FROM grp_rcp_consent WHERE grp_rcp_id = $1 AND type = 'confirmé'`, [id]);
  expect(confirmed).toHaveLength(1);
});
