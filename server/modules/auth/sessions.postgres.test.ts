import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startApiServer, type RunningServer } from '../../../e2e/support/apiServer';

/**
 * Sessions across processes (docs/architecture.md, «Sessions»): two servers on one PostgreSQL with one JWT_SECRET.
 * A session ended on one is refused by the other, though the other had its check cached; so is
 * an API token revoked there, or whose user was deactivated there.
 * PostgreSQL only (`npm run test:server:postgres`).
 */
jest.setTimeout(300_000);

const base = process.env.TEST_DATABASE_URL as string;
const database = `tgm_sessions_${randomBytes(4).toString('hex')}`;
const owner = new pg.Client({ connectionString: base });
const servers: RunningServer[] = [];

beforeAll(async () => {
  await owner.connect();
  await owner.query(`CREATE DATABASE ${database}`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('hex'), MAIL_WORKER: '0', FEED_REFRESH_MINUTES: '0' };
  // One after the other: the first migrates and seeds.
  servers.push(await startApiServer(env));
  servers.push(await startApiServer(env));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await owner.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await owner.end();
});

const request = async (server: RunningServer, method: string, path: string, token?: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.status;
};

const login = async (server: RunningServer, email: string, password: string) => {
  const response = await fetch(`${server.url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
};

/** The other process hears of the write through PostgreSQL's notification, just after the commit. */
async function eventually(status: () => Promise<number>, expected: number): Promise<number> {
  let last = await status();
  for (let i = 0; i < 50 && last !== expected; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await status();
  }
  return last;
}

it('a session ended on one process answers 401 on the other, whose check was cached', async () => {
  const [first, second] = servers;
  const token = await login(first, 'operateur@tgm.local', 'operateur-tgm-2026');
  const kept = await login(second, 'operateur@tgm.local', 'operateur-tgm-2026');
  // Read twice on the second process: its answer is cached there.
  for (let i = 0; i < 2; i += 1) expect(await request(second, 'GET', '/api/users', token)).toBe(200);
  expect(await request(first, 'POST', '/api/logout', token)).toBe(204);
  expect(await eventually(() => request(second, 'GET', '/api/users', token), 401)).toBe(401);
  expect(await request(first, 'GET', '/api/users', token)).toBe(401);
  expect(await request(first, 'GET', '/api/users', kept)).toBe(200);

  // A password changed on the second process ends the user's other sessions on the first.
  for (let i = 0; i < 2; i += 1) expect(await request(first, 'GET', '/api/users', kept)).toBe(200);
  const changer = await login(second, 'operateur@tgm.local', 'operateur-tgm-2026');
  expect(
    await request(second, 'POST', '/api/me/password', changer, { currentPassword: 'operateur-tgm-2026', newPassword: 'hibou-cerf-volant-orage-31' }),
  ).toBe(204);
  expect(await eventually(() => request(first, 'GET', '/api/users', kept), 401)).toBe(401);
  expect(await request(first, 'GET', '/api/users', changer)).toBe(200);

  // An admin on the first process ends them all; the second refuses them.
  const admin = await login(first, 'admin@tgm.local', 'admin-tgm-2026');
  const users = await fetch(`${first.url}/api/users?email=operateur@tgm.local`, { headers: { authorization: `Bearer ${admin}` } });
  const operatorId = ((await users.json()) as { 'hydra:member': { id: number }[] })['hydra:member'][0].id;
  for (let i = 0; i < 2; i += 1) expect(await request(second, 'GET', '/api/users', changer)).toBe(200);
  expect(await request(first, 'DELETE', `/api/users/${operatorId}/sessions`, admin)).toBe(204);
  expect(await eventually(() => request(second, 'GET', '/api/users', changer), 401)).toBe(401);
  expect(await request(second, 'GET', '/api/users', admin)).toBe(200);
});

it("an API token revoked, or its user deactivated, on one process answers 401 on the other, whose check was cached", async () => {
  const [first, second] = servers;
  const make = async (server: RunningServer, session: string) => {
    const response = await fetch(`${server.url}/api/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'processus', scopes: ['listes:lecture'] }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; token: string };
  };
  const admin = await login(first, 'admin@tgm.local', 'admin-tgm-2026');
  const revoked = await make(first, admin);
  for (let i = 0; i < 2; i += 1) expect(await request(second, 'GET', '/api/grps', revoked.token)).toBe(200);
  expect(await request(first, 'DELETE', `/api/tokens/${revoked.id}`, admin)).toBe(204);
  expect(await eventually(() => request(second, 'GET', '/api/grps', revoked.token), 401)).toBe(401);

  const operator = await login(second, 'operateur@tgm.local', 'hibou-cerf-volant-orage-31');
  const kept = await make(second, operator);
  for (let i = 0; i < 2; i += 1) expect(await request(first, 'GET', '/api/grps', kept.token)).toBe(200);
  const users = await fetch(`${second.url}/api/users?email=operateur@tgm.local`, { headers: { authorization: `Bearer ${admin}` } });
  const operatorId = ((await users.json()) as { 'hydra:member': { id: number }[] })['hydra:member'][0].id;
  expect(await request(second, 'DELETE', `/api/users/${operatorId}`, admin)).toBe(204);
  expect(await eventually(() => request(first, 'GET', '/api/grps', kept.token), 401)).toBe(401);
  expect(await request(first, 'GET', '/api/grps', operator)).toBe(401);
});
