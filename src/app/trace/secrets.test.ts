import { persistStore } from 'redux-persist';
import { baseApi } from '../../shared/api';
import { REDACTED, redact } from '../../shared/trace';
import { authApi, loggedIn, sessionUserFromToken } from '../../features/auth';
import { signedUp } from '../../features/visitors';
import { DEMO_OPERATOR } from '../../testing/demoUsers';
import { findSecrets, parsedExport } from '../../testing/secrets';
import { rootReducer } from '../rootReducer';
import { makeStore } from '../store';

const VISITOR_TOKEN = 'tokenAc-planted-visitor';
const RECIPIENT_TOKEN = 'rcp-planted-recipient';

/** Shapes the features keep in the api cache: a recipient read by its own token (spec §6). */
const recipientsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    recipientByToken: build.query<{ id: number; email: string; token: string }, { token: string }>({
      queryFn: ({ token }) => ({ data: { id: 7, email: 'creator@example.org', token } }),
    }),
  }),
});

/**
 * A store that went through what puts secrets in state and actions: a real login (password
 * in the mutation's arguments, the JWT in its answer), the session user and access token,
 * the visitor's tokens, a recipient and its token in a cache key, persistence.
 */
async function storeHoldingEverySecret() {
  const store = makeStore();
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  const { token } = await store.dispatch(authApi.endpoints.loginCheck.initiate(DEMO_OPERATOR)).unwrap();
  const user = sessionUserFromToken(token);
  store.dispatch(loggedIn(user));
  await store.dispatch(authApi.endpoints.getUser.initiate(user.id));
  store.dispatch(signedUp({ email: 'visitor@example.org', token: VISITOR_TOKEN }));
  await store.dispatch(recipientsApi.endpoints.recipientByToken.initiate({ token: RECIPIENT_TOKEN }));
  return { store, token };
}

describe('the sanitizers', () => {
  beforeEach(() => localStorage.clear());

  it('remove every secret from a state that holds them all, and from every recorded action', async () => {
    const { store, token } = await storeHoldingEverySecret();
    const planted = [token, DEMO_OPERATOR.password, VISITOR_TOKEN, RECIPIENT_TOKEN];
    const raw = store.getState();

    // The inspector sees them in the raw state: the check below can fail.
    expect(findSecrets(raw, planted)).toEqual(
      expect.arrayContaining([
        'auth.user.token',
        'auth.accessToken',
        'visitor.tokens[0].token',
        expect.stringMatching(/^api\.mutations\.[\w-]+\.data\.token$/),
        expect.stringMatching(/^api\.queries\.recipientByToken.* \(key\)$/),
      ]),
    );

    expect(findSecrets(redact(raw), planted)).toEqual([]);
    const exported = store.traceRecorder.exportText();
    expect(findSecrets(parsedExport(exported), planted)).toEqual([]);
    for (const secret of planted) expect(exported).not.toContain(secret);
    // The login's password travelled in an action's arguments, and was redacted there.
    const { payload } = parsedExport(exported) as { payload: { actionsById: Record<string, { action: { type: string; meta?: { arg?: { originalArgs?: unknown } } } }> } };
    const loginStarted = Object.values(payload.actionsById).find((entry) => entry.action.type === 'api/executeMutation/pending');
    expect(loginStarted?.action.meta?.arg?.originalArgs).toEqual({ email: DEMO_OPERATOR.email, password: REDACTED });

    // What the trace keeps: the shape, the e-mails, the user, with the secrets marked.
    const redacted = redact(raw);
    expect(redacted.auth).toEqual({ user: { ...sessionUserFromToken(token), token: REDACTED }, accessToken: REDACTED });
    expect(redacted.visitor.tokens).toEqual([{ email: 'visitor@example.org', token: REDACTED }]);
  });

  it('leave no secret-named field or JWT anywhere in the state of every slice, including new ones', async () => {
    const { store } = await storeHoldingEverySecret();
    // Every slice registered in the root reducer is walked, whatever its fields.
    const initial = rootReducer(undefined, { type: '@@INIT' });
    expect(findSecrets(redact(initial))).toEqual([]);
    expect(findSecrets(redact(store.getState()))).toEqual([]);

    const withNewSecrets = {
      ...store.getState(),
      lists: { current: { id: 1, apiKey: 'k-1', refreshToken: 'r-1', passcode: 1234, sessionId: 's-1' } },
      deliveries: { drafts: [{ id: 2, clientSecret: 's', headers: { Authorization: 'Bearer abc' } }] },
    };
    expect(findSecrets(withNewSecrets).length).toBeGreaterThanOrEqual(6);
    expect(findSecrets(redact(withNewSecrets))).toEqual([]);
  });
});
