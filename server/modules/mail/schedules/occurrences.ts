/** A schedule's frequency, as Diffusion names it ('' — Aucune — is manual: no schedule). */
export type Frequency = 'unique' | 'quotidienne' | 'hebdomadaire' | 'mensuelle';

interface WallTime {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time of an instant in a time zone. */
export function wallTime(instant: Date, timeZone: string): WallTime & { second: number } {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTime(new Date(instant), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a time zone (Intl knows the zone's rules, daylight
 * saving included). A time the spring change skips (02:30 in Paris) is taken an hour later, as
 * clocks read then; one the autumn change repeats is its first occurrence.
 */
export function zonedInstant(wall: WallTime, timeZone: string): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = guess - offsetAt(guess - 12 * 3600_000, timeZone);
  const after = guess - offsetAt(guess + 12 * 3600_000, timeZone);
  const fits = (instant: number) => {
    const seen = wallTime(new Date(instant), timeZone);
    return seen.hour === wall.hour && seen.minute === wall.minute && seen.day === wall.day;
  };
  if (fits(before)) return new Date(Math.min(before, fits(after) ? after : before));
  if (fits(after)) return new Date(after);
  // In the gap: the wall time does not exist; move by the size of the change.
  return new Date(Math.max(before, after));
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The n-th occurrence (0 is the first) of a schedule starting at `first`, in the zone's wall time. */
export function occurrence(first: Date, frequency: Frequency, n: number, timeZone: string): Date {
  const start = wallTime(first, timeZone);
  if (frequency === 'unique' || n === 0) return first;
  if (frequency === 'mensuelle') {
    const months = start.month - 1 + n;
    const year = start.year + Math.floor(months / 12);
    const month = (months % 12) + 1;
    // The 31st of a month without one is its last day.
    return zonedInstant({ ...start, year, month, day: Math.min(start.day, daysInMonth(year, month)) }, timeZone);
  }
  const days = (frequency === 'quotidienne' ? 1 : 7) * n;
  const date = new Date(Date.UTC(start.year, start.month - 1, start.day + days));
  return zonedInstant(
    { ...start, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    timeZone,
  );
}

/** The first occurrence strictly after `after`, or null when there is none (a single send already made). */
export function nextOccurrence(first: Date, frequency: Frequency, after: Date, timeZone: string): Date | null {
  if (first > after) return first;
  if (frequency === 'unique') return null;
  const periodDays = frequency === 'quotidienne' ? 1 : frequency === 'hebdomadaire' ? 7 : 28;
  // Start a little before the estimate; daylight saving moves occurrences by an hour at most.
  let n = Math.max(1, Math.floor((after.getTime() - first.getTime()) / (periodDays * 86_400_000)) - 1);
  if (frequency === 'mensuelle') n = Math.max(1, Math.floor(n * (28 / 31)) - 1);
  for (;; n += 1) {
    const next = occurrence(first, frequency, n, timeZone);
    if (next > after) return next;
  }
}
