import { Cron } from 'croner';

/** A step's sending window (docs/architecture.md, «Automations»): days 1 = Monday … 7 = Sunday, hours "HH:MM" in TIMEZONE. */
export interface StepWindow {
  days: number[];
  from: string;
  to: string;
}

const minutesOf = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in a zone: ISO weekday (1 = Monday) and minutes since midnight. */
export function wallClock(instant: Date, timeZone: string): { weekday: number; minutes: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday) + 1;
  return { weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

export function insideWindow(instant: Date, window: StepWindow, timeZone: string): boolean {
  const { weekday, minutes } = wallClock(instant, timeZone);
  return window.days.includes(weekday) && minutes >= minutesOf(window.from) && minutes < minutesOf(window.to);
}

/**
 * The first instant at or after `instant` that the window allows: itself when inside, else the
 * window's next opening, found by croner in the zone's wall time (a day when clocks change
 * opens at its local hour, whatever its offset).
 */
export function nextAllowed(instant: Date, window: StepWindow | null, timeZone: string): Date {
  if (!window || insideWindow(instant, window, timeZone)) return instant;
  const [hours, minutes] = window.from.split(':').map(Number);
  const days = [...new Set(window.days.map((day) => day % 7))].sort().join(',');
  const opening = new Cron(`${minutes} ${hours} * * ${days}`, { timezone: timeZone, paused: true }).nextRun(instant);
  // A window always opens again within a week; null only for an empty day list, refused on input.
  return opening ?? instant;
}

/** A window's hours make sense: "HH:MM", and it opens before it closes. */
export function windowProblem(window: StepWindow): string | null {
  if (window.days.length === 0) return 'au moins un jour';
  if (minutesOf(window.from) >= minutesOf(window.to)) return "l'heure de début avant l'heure de fin";
  return null;
}
