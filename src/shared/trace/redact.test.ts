import { REDACTED, redact, redactAction, redactUrl } from './redact';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6MSwidXNlcm5hbWUiOiJhQGIuYyJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('redact', () => {
  it('redacts values under secret keys, keeping the rest and the shape', () => {
    expect(
      redact({
        auth: { user: { id: 3, username: 'op@example.org', token: 'abc' }, accessToken: 'abc' },
        visitor: { tokens: [{ email: 'v@example.org', token: 'tokenAc-1' }], userEmail: 'v@example.org' },
        form: { email: 'a@b.c', password: 'hunter2', plainPassword: 'x', tokenAc: 'y', apiKey: 42, empty: { password: '' } },
        headers: { Authorization: 'Basic dXNlcjpwYXNz' },
        loggedIn: true,
        accessToken: null,
      }),
    ).toEqual({
      auth: { user: { id: 3, username: 'op@example.org', token: REDACTED }, accessToken: REDACTED },
      visitor: { tokens: [{ email: 'v@example.org', token: REDACTED }], userEmail: 'v@example.org' },
      form: { email: 'a@b.c', password: REDACTED, plainPassword: REDACTED, tokenAc: REDACTED, apiKey: REDACTED, empty: { password: '' } },
      headers: { Authorization: REDACTED },
      loggedIn: true,
      accessToken: null,
    });
  });

  it('redacts every item of a list held under a secret key', () => {
    expect(redact({ recipientTokens: ['a', 'b', 3], ids: [1, 2] })).toEqual({ recipientTokens: [REDACTED, REDACTED, REDACTED], ids: [1, 2] });
  });

  it('redacts JWTs and bearer values wherever they appear, keys included', () => {
    expect(
      redact({
        note: `copied ${JWT} by mistake`,
        header: `Bearer ${JWT}`,
        other: 'Bearer opaque-value',
        [`getThing(${JSON.stringify(JWT)})`]: { status: 'fulfilled' },
      }),
    ).toEqual({
      note: `copied ${REDACTED} by mistake`,
      header: `Bearer ${REDACTED}`,
      other: `Bearer ${REDACTED}`,
      [`getThing("${REDACTED}")`]: { status: 'fulfilled' },
    });
  });

  it('redacts the arguments RTK Query writes into cache keys, and leaves other keys as they are', () => {
    const key = `recipientByToken(${JSON.stringify({ id: 1, token: 'rcp-secret' })})`;
    const state = { queries: { [key]: { queryCacheKey: key, originalArgs: { id: 1, token: 'rcp-secret' } }, 'getUser(3)': {}, 'f( 1 )': {} } };
    const redactedKey = `recipientByToken(${JSON.stringify({ id: 1, token: REDACTED })})`;
    expect(redact(state)).toEqual({
      queries: {
        [redactedKey]: { queryCacheKey: redactedKey, originalArgs: { id: 1, token: REDACTED } },
        'getUser(3)': {},
        'f( 1 )': {},
      },
    });
  });

  it('turns what JSON cannot hold into plain data', () => {
    class Response {
      status = 200;
    }
    expect(
      redact({ when: new Date('2026-01-02T03:04:05Z'), fn: () => 1, error: new TypeError(`bad ${JWT}`), meta: new Response(), big: BigInt(7) }),
    ).toEqual({ when: '2026-01-02T03:04:05.000Z', error: { name: 'TypeError', message: `bad ${REDACTED}` }, meta: '[Response]', big: '7' });
  });

  it('is idempotent, leaves its input alone, and reuses the redacted copy of an unchanged part', () => {
    const shared = { user: { token: 'abc' } };
    const first = { auth: shared, n: 1 };
    const second = { auth: shared, n: 2 };
    const once = redact(first);
    expect(redact(once)).toEqual(once);
    expect(first.auth.user.token).toBe('abc');
    expect(redact(second).auth).toBe(once.auth);
  });
});

describe('redactUrl', () => {
  it('redacts secret query parameters and JWTs in an address, and keeps the rest', () => {
    expect(redactUrl('/confirm?token=abc123&list=4#top')).toBe(`/confirm?token=${REDACTED}&list=4#top`);
    expect(redactUrl(`/api/grps?user=3&accessToken=x&filter[apiKey]=k`)).toBe(`/api/grps?user=3&accessToken=${REDACTED}&filter[apiKey]=${REDACTED}`);
    expect(redactUrl(`/desinscription/${JWT}`)).toBe(`/desinscription/${REDACTED}`);
    expect(redactUrl('/liste/musique?v=abc&t=42')).toBe('/liste/musique?v=abc&t=42');
    // A sign-in or confirmation link's token is a path segment.
    expect(redactUrl('/confirmation/Zm9vYmFyLWxpbmstdG9rZW4?x=1')).toBe(`/confirmation/${REDACTED}?x=1`);
    expect(redactUrl('http://127.0.0.1:8080/api/confirmations/abc-DEF_123')).toBe(`http://127.0.0.1:8080/api/confirmations/${REDACTED}`);
    expect(redactUrl('/confirmation')).toBe('/confirmation');
    expect(redactUrl(redactUrl('?password=hunter2'))).toBe(`?password=${REDACTED}`);
  });

  it('applies to every string redact walks: a message quoting a form body or an address', () => {
    expect(redact({ message: `POST failed: email=a@b.c&password=hunter2 sent to /login?tokenAc=t-1` })).toEqual({
      message: `POST failed: email=a@b.c&password=${REDACTED} sent to /login?tokenAc=${REDACTED}`,
    });
  });
});

describe('redactAction', () => {
  it("redacts a bare payload when the action's type names a secret, and only then", () => {
    expect(redactAction({ type: 'auth/tokenRefreshed', payload: 'abc' })).toEqual({ type: 'auth/tokenRefreshed', payload: REDACTED });
    expect(redactAction({ type: 'visitor/emailSaved', payload: 'v@example.org' })).toEqual({ type: 'visitor/emailSaved', payload: 'v@example.org' });
    expect(redactAction({ type: 'auth/loggedIn', payload: { username: 'u', token: 'abc' } })).toEqual({
      type: 'auth/loggedIn',
      payload: { username: 'u', token: REDACTED },
    });
  });
});
