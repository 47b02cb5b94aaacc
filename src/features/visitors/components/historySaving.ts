/** Pure rules of the history's saving (issue 42), apart so that they are tested alone. */

/** While a video plays, its position is saved this often (and on pause, and on leaving). */
export const SAVE_EVERY_MS = 10_000;

/** The resume offer shows from this many seconds in, and not for a video watched to its end. */
export const RESUME_FROM_SECONDS = 5;

export interface Position {
  position: number;
  duration: number;
}

/**
 * What to save now: nothing while the length is unknown, at the very start, or when the
 * position moved less than a second since the last save.
 */
export function positionToSave(read: Position | null, lastSaved: number | null): Position | null {
  if (!read || !(read.duration > 0) || read.position < 1) return null;
  const position = Math.min(read.position, read.duration);
  if (lastSaved !== null && Math.abs(position - lastSaved) < 1) return null;
  return { position, duration: read.duration };
}

/** The second to offer resuming at, or null (nothing kept, too early, or watched). */
export function resumeSecond(entry: { position: number; finished: boolean } | undefined): number | null {
  if (!entry || entry.finished || entry.position < RESUME_FROM_SECONDS) return null;
  return Math.floor(entry.position);
}
