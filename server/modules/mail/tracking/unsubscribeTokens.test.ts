import { unsubscribeTokens } from '.';

describe("unsubscribe tokens: a list's contact, or an audience's subject (the digest's visitor)", () => {
  const tokens = unsubscribeTokens('a-secret-for-the-test');

  it('names what it was signed for, and nothing else', () => {
    expect(tokens.verify(tokens.sign(5))).toEqual({ audience: null, id: 5 });
    expect(tokens.verify(tokens.signFor('resume', 5))).toEqual({ audience: 'resume', id: 5 });
    expect(tokens.verify(tokens.sign(null))).toBe('test');
  });

  it('refuses a contact token passed off as an audience one, another audience, or another secret', () => {
    const [, mac] = tokens.sign(5).split('.');
    expect(tokens.verify(`resume-5.${mac}`)).toBeNull();
    expect(tokens.verify(tokens.signFor('resume', 5).replace('resume-', 'autre-'))).toBeNull();
    expect(tokens.verify(tokens.signFor('resume', 5).replace('-5.', '-6.'))).toBeNull();
    expect(unsubscribeTokens('another-secret').verify(tokens.signFor('resume', 5))).toBeNull();
  });
});
