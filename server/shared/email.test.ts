import { isEmail } from './email';

describe('isEmail', () => {
  it.each(['a@example.org', `${'a'.repeat(64)}@example.org`, `a@${'b'.repeat(63)}.org`, `a@${'b'.repeat(63)}.${'c'.repeat(63)}.fr`])('takes %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each([`${'a'.repeat(65)}@example.org`, `a@${'b'.repeat(64)}.org`, `a@example.${'c'.repeat(64)}`, `a@${'b.'.repeat(130)}fr`, 'pas-une-adresse', 'a@b@c.fr'])(
    'refuses %s (RFC 5321 limits, 254 in all)',
    (value) => {
      expect(isEmail(value)).toBe(false);
    },
  );
});
