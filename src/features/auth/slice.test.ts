import { selectIsAdmin, sessionExpired, type SessionRootState } from '../../shared/session';
import { authSlice, loggedIn, loggedOut } from './slice';
import { sessionUserFromToken } from './token';

const reducer = authSlice.reducer;
const admin = { id: 1, ip: '::1', roles: ['ROLE_ADMIN', 'ROLE_USER'], username: 'a@x.y', token: 't1' };

const rootWith = (auth: ReturnType<typeof reducer>): SessionRootState => ({
  auth,
  visitor: { tokens: [], userEmail: null },
});

describe('auth slice', () => {
  it('stores the user and the access token on login, and clears both on logout or expiry', () => {
    const signedIn = reducer(undefined, loggedIn(admin));
    expect(signedIn).toEqual({ user: admin, accessToken: 't1' });
    expect(reducer(signedIn, loggedOut())).toEqual({ user: null, accessToken: null });
    expect(reducer(signedIn, sessionExpired())).toEqual({ user: null, accessToken: null });
  });

  it('tells admins by ROLE_ADMIN in the roles list', () => {
    expect(selectIsAdmin(rootWith(reducer(undefined, loggedIn(admin))))).toBe(true);
    expect(selectIsAdmin(rootWith(reducer(undefined, loggedIn({ ...admin, roles: ['ROLE_USER'] }))))).toBe(false);
    expect(selectIsAdmin(rootWith(reducer(undefined, loggedOut())))).toBe(false);
  });

  it('decodes the session user from the login token payload', () => {
    const payload = { id: 5, ip: '127.0.0.1', roles: ['ROLE_USER'], username: 'op@x.y', exp: 9999999999 };
    const token = `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
    expect(sessionUserFromToken(token)).toEqual({ id: 5, ip: '127.0.0.1', roles: ['ROLE_USER'], username: 'op@x.y', token });
  });
});
