import { createTokenService } from './auth';

const SECRET = 'unit-secret-'.padEnd(40, 'x');
const claims = { id: 7, ip: '127.0.0.1', roles: ['ROLE_USER'], username: 'a@example.org', sid: 'session-1' };

afterEach(() => jest.useRealTimers());

describe('TokenService.verify', () => {
  it('answers the same claims for a token seen before, and refuses it once expired', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const tokens = createTokenService(SECRET, 60);
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
    // The second time comes from the tokens verified already: the same claims.
    expect(tokens.verify(token)).toMatchObject(claims);
    jest.setSystemTime(new Date('2026-11-27T10:01:01Z'));
    expect(() => tokens.verify(token)).toThrow();
  });

  it('refuses a tampered or foreign token even after the genuine one was verified', () => {
    const tokens = createTokenService(SECRET, 60);
    const token = tokens.sign(claims);
    tokens.verify(token);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, roles: ['ROLE_ADMIN'] })).toString('base64url');
    expect(() => tokens.verify(`${header}.${forgedPayload}.${signature}`)).toThrow();
    expect(() => tokens.verify(`${token}x`)).toThrow();
    expect(() => tokens.verify(createTokenService('other-secret-'.padEnd(40, 'y'), 60).sign(claims))).toThrow();
  });

  it('gives claims no caller can change for the next request', () => {
    const tokens = createTokenService(SECRET, 60);
    const token = tokens.sign(claims);
    const payload = tokens.verify(token);
    expect(Object.isFrozen(payload)).toBe(true);
    expect(Object.isFrozen(payload.roles)).toBe(true);
  });

  it('keeps verifying correctly beyond the tokens it remembers', () => {
    const tokens = createTokenService(SECRET, 60);
    const many = Array.from({ length: 1100 }, (_, i) => tokens.sign({ ...claims, id: i }));
    for (const token of many) tokens.verify(token);
    expect(many.map((token) => tokens.verify(token).id)).toEqual(many.map((_, i) => i));
  });
});
