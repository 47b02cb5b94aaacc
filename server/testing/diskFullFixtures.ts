/** What the disk-full tests share: addresses and their CSV, a log that keeps its lines, and a wait. */

export const contactEmails = (from: number, count: number) => Array.from({ length: count }, (_, i) => `contact-${from + i}@example.org`);

export const contactsCsv = (from: number, count: number) =>
  ['email,firstname', ...contactEmails(from, count).map((email) => `${email},Prénom`)].join('\n');

/** The disk watch's log lines, to count them. */
export function recordedLog() {
  const lines: string[] = [];
  return { lines, error: (_: object, line: string) => void lines.push(line), info: (_: object, line: string) => void lines.push(line) };
}

/** Asks `what` every 50 ms until its answer `holds`; throws with the last answer after `timeoutMs`. */
export async function until<T>(what: () => Promise<T>, holds: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
