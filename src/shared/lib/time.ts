const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A playback position as players show it: 'mm:ss', or 'h:mm:ss' from one hour. */
export function formatPlaybackTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = `${twoDigits(minutes)}:${twoDigits(seconds % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}
