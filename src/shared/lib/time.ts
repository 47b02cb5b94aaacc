const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A playback position as players show it: 'mm:ss', or 'h:mm:ss' from one hour. */
export function formatPlaybackTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = `${twoDigits(minutes)}:${twoDigits(seconds % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/**
 * A position typed by hand: 'mm:ss', 'h:mm:ss' or a number of seconds; null when it is none
 * of them (minutes and seconds after the first part stay below 60).
 */
export function parsePlaybackTime(input: string): number | null {
  const text = input.trim();
  if (/^\d{1,6}$/.test(text)) return Number(text);
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if (Number(seconds) >= 60 || (hours !== undefined && Number(minutes) >= 60)) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}
