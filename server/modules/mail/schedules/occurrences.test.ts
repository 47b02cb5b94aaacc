import { isTimeZone, nextOccurrence, occurrence, zonedInstant } from './occurrences';

const PARIS = 'Europe/Paris';

describe('occurrences in a time zone', () => {
  it('keeps the wall-clock time across daylight saving changes', () => {
    // Saturday 2026-03-28 09:00 in Paris is 08:00 UTC (CET); the next day is CEST.
    const first = zonedInstant({ year: 2026, month: 3, day: 28, hour: 9, minute: 0 }, PARIS);
    expect(first.toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(occurrence(first, 'quotidienne', 1, PARIS).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(occurrence(first, 'hebdomadaire', 1, PARIS).toISOString()).toBe('2026-04-04T07:00:00.000Z');
    // And back in October.
    const autumn = zonedInstant({ year: 2026, month: 10, day: 24, hour: 9, minute: 0 }, PARIS);
    expect(autumn.toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(occurrence(autumn, 'quotidienne', 1, PARIS).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('handles times the change skips or repeats', () => {
    expect(zonedInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, PARIS).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, PARIS).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('moves monthly sends to the last day of shorter months', () => {
    const first = zonedInstant({ year: 2026, month: 1, day: 31, hour: 8, minute: 15 }, PARIS);
    expect(occurrence(first, 'mensuelle', 1, PARIS).toISOString()).toBe('2026-02-28T07:15:00.000Z');
    expect(occurrence(first, 'mensuelle', 2, PARIS).toISOString()).toBe('2026-03-31T06:15:00.000Z');
    expect(occurrence(first, 'mensuelle', 12, PARIS).toISOString()).toBe('2027-01-31T07:15:00.000Z');
  });

  it('answers the first occurrence after a moment, once however many were missed', () => {
    const first = new Date('2026-01-05T08:00:00.000Z'); // a Monday, 09:00 in Paris
    expect(nextOccurrence(first, 'hebdomadaire', new Date('2026-01-01T00:00:00Z'), PARIS)).toEqual(first);
    expect(nextOccurrence(first, 'hebdomadaire', new Date('2026-06-10T12:00:00Z'), PARIS)?.toISOString()).toBe('2026-06-15T07:00:00.000Z');
    expect(nextOccurrence(first, 'quotidienne', first, PARIS)?.toISOString()).toBe('2026-01-06T08:00:00.000Z');
    expect(nextOccurrence(first, 'mensuelle', new Date('2027-03-05T08:00:00Z'), PARIS)?.toISOString()).toBe('2027-04-05T07:00:00.000Z');
    expect(nextOccurrence(first, 'unique', first, PARIS)).toBeNull();
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
