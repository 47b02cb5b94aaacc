import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore, createSlice, type Middleware } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { sessionExpired, type AuthState } from '../session';
import { baseQueryWithReauth } from './baseQueryWithReauth';
import { mergePatch } from './mergePatch';

/** A real local HTTP server: each path answers the status it names, with or without a message. */
const seen: { url: string; authorization?: string }[] = [];
const bodies: { contentType?: string; body: string }[] = [];
const server = http.createServer((request, response) => {
  if (request.url === '/api/echo') {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    return request.on('end', () => {
      bodies.push({ contentType: request.headers['content-type'], body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  }
  seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
  const [, status, kind] = /^\/api\/(\d+)\/?(\w*)/.exec(request.url ?? '') ?? [];
  const code = Number(status);
  if (kind === 'silent') {
    response.writeHead(code, { 'content-type': 'text/plain' });
    return response.end();
  }
  response.writeHead(code, { 'content-type': 'application/json' });
  response.end(JSON.stringify(code === 200 ? { ok: true } : { message: `server says ${code}` }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const user = { id: 7, ip: '1.2.3.4', roles: ['ROLE_USER'], username: 'u@example.org', token: 'tok-7' };

function setup(auth: AuthState) {
  const expired: string[] = [];
  const authSlice = createSlice({
    name: 'auth',
    initialState: auth,
    reducers: {},
    extraReducers: (b) => b.addCase(sessionExpired, () => ({ user: null, accessToken: null })),
  });
  const recordExpiry: Middleware = () => (next) => (action) => {
    if (sessionExpired.match(action)) expired.push(action.type);
    return next(action);
  };
  const api = createApi({
    baseQuery: baseQueryWithReauth,
    endpoints: (build) => ({
      get: build.query<unknown, string>({ query: (path) => path }),
      visitorGet: build.query<unknown, string>({ query: (path) => path, extraOptions: { visitorCall: true } }),
      recordGet: build.query<unknown, string>({ query: (path) => path, extraOptions: { recordLookup: true } }),
      patch: build.mutation<unknown, unknown>({ query: (body) => mergePatch('/echo', body) }),
    }),
  });
  const store = configureStore({
    reducer: { auth: authSlice.reducer, visitor: () => ({ tokens: [], userEmail: null }), [api.reducerPath]: api.reducer },
    middleware: (gdm) => gdm().concat(api.middleware, recordExpiry),
  });
  const call = (path: string) => store.dispatch(api.endpoints.get.initiate(path));
  const visitorCall = (path: string) => store.dispatch(api.endpoints.visitorGet.initiate(path));
  const recordCall = (path: string) => store.dispatch(api.endpoints.recordGet.initiate(path));
  const patch = (body: unknown) => store.dispatch(api.endpoints.patch.initiate(body));
  return { store, call, visitorCall, recordCall, patch, expired };
}

describe('baseQueryWithReauth', () => {
  it('sends the stored access token as a bearer and returns the data', async () => {
    const { call } = setup({ user, accessToken: 'tok-7' });
    const result = await call('/200');
    expect(result.data).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ url: '/api/200', authorization: 'Bearer tok-7' });
  });

  it.each([401, 403])('ends the session on %i while a user is stored, with the server message', async (status) => {
    const { store, call, expired } = setup({ user, accessToken: 'tok-7' });
    const result = await call(`/${status}`);
    expect(result.error).toMatchObject({ status, message: `server says ${status}` });
    expect(expired).toEqual(['auth/sessionExpired']);
    expect(store.getState().auth).toEqual({ user: null, accessToken: null });
  });

  it.each([401, 403])('does nothing more than reject on %i when no user is stored', async (status) => {
    const { call, expired } = setup({ user: null, accessToken: null });
    const result = await call(`/${status}`);
    expect(result.error).toMatchObject({ status });
    expect(expired).toEqual([]);
    expect(seen.at(-1)?.authorization).toBeUndefined();
  });

  it("keeps the back-office session when a visitor's call is refused", async () => {
    const { store, visitorCall, expired } = setup({ user, accessToken: 'tok-7' });
    const result = await visitorCall('/401');
    expect(result.error).toMatchObject({ status: 401, message: 'server says 401' });
    expect(expired).toEqual([]);
    expect(store.getState().auth.user).toEqual(user);
  });

  it("keeps the session when a record opened from its address is someone else's (403), not on 401", async () => {
    const { store, recordCall, expired } = setup({ user, accessToken: 'tok-7' });
    expect((await recordCall('/403')).error).toMatchObject({ status: 403 });
    expect(expired).toEqual([]);
    expect(store.getState().auth.user).toEqual(user);
    await recordCall('/401');
    expect(expired).toEqual(['auth/sessionExpired']);
  });

  it('says in French that the server does not answer, not what fetch threw', async () => {
    const { call } = setup({ user, accessToken: 'tok-7' });
    const saved = process.env.API_BASE_URL;
    // A port nothing listens on: the connection is refused.
    process.env.API_BASE_URL = 'http://127.0.0.1:9/api';
    try {
      const result = await call('/200?down');
      expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'Le serveur ne répond pas.' });
    } finally {
      process.env.API_BASE_URL = saved;
    }
  });

  it('keeps the session on other errors', async () => {
    const { store, call, expired } = setup({ user, accessToken: 'tok-7' });
    const result = await call('/500');
    expect(result.error).toMatchObject({ status: 500, message: 'server says 500' });
    expect(expired).toEqual([]);
    expect(store.getState().auth.user).toEqual(user);
  });

  it('falls back to the status text when the server sends no message', async () => {
    const { call } = setup({ user, accessToken: 'tok-7' });
    const result = await call('/403/silent');
    expect(result.error).toMatchObject({ status: 403, message: 'Forbidden' });
  });

  it('sends a merge-patch body as JSON', async () => {
    const { patch } = setup({ user, accessToken: 'tok-7' });
    await patch({ actif: 0, sequence: [] });
    expect(bodies.at(-1)).toEqual({ contentType: 'application/merge-patch+json', body: '{"actif":0,"sequence":[]}' });
  });
});
