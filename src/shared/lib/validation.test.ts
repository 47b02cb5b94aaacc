import { hasLengthBetween, isSimpleEmail } from './validation';

describe('form validation helpers', () => {
  it.each(['a@b.c', 'lea.martin@example.org', ' x@y.fr '])('accepts %s as an e-mail', (value) => {
    expect(isSimpleEmail(value)).toBe(true);
  });

  it.each(['', 'plain', 'a@b', '@b.c', 'a b@c.d', 'a@b.'])('refuses %s as an e-mail', (value) => {
    expect(isSimpleEmail(value)).toBe(false);
  });

  it('checks a length range on the trimmed value', () => {
    expect(hasLengthBetween('abcd', 4, 50)).toBe(true);
    expect(hasLengthBetween('  abc  ', 4, 50)).toBe(false);
    expect(hasLengthBetween('x'.repeat(50), 4, 50)).toBe(true);
    expect(hasLengthBetween('x'.repeat(51), 4, 50)).toBe(false);
    expect(hasLengthBetween('', 4, 50)).toBe(false);
  });
});
