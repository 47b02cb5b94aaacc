import { formatFrenchDate, formatFrenchDateTime, shortDate } from './dates';

describe('dates', () => {
  it('formats DD-MM-yyyy', () => {
    expect(formatFrenchDate('2026-03-07T10:00:00')).toBe('07-03-2026');
    expect(formatFrenchDate(null)).toBe('');
    expect(formatFrenchDate('garbage')).toBe('');
  });

  it('formats DD-MM-yyyy HH:mm', () => {
    expect(formatFrenchDateTime('2026-03-07T09:05:00')).toBe('07-03-2026 09:05');
    expect(formatFrenchDateTime('garbage')).toBe('');
  });

  it('keeps the first 10 characters', () => {
    expect(shortDate('2026-11-21T13:00:00+00:00')).toBe('2026-11-21');
    expect(shortDate(undefined)).toBe('');
  });
});
