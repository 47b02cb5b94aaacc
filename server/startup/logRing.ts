/**
 * The server's recent log lines, in memory, for `GET /api/rapports/{id}/journal`: the lines of
 * the requests a bug report names. Bounded by a number of lines and of bytes, the oldest going
 * first; a line is kept as pino wrote it (JSON) and masked when read (docs/qa-traces.md,
 * «The server's side: request ids and the journal»).
 */
export interface LogRing {
  /** The pino destination (a multistream's member): one JSON line a write. */
  stream: { write(line: string): void };
  /** The kept lines of these request ids, oldest first, secrets masked. */
  linesOf(requestIds: Iterable<string>): string[];
  /** How many lines and bytes it holds now. */
  size(): { lines: number; bytes: number };
}

export const LOG_RING_LINES = 20_000;
export const LOG_RING_BYTES = 8 * 1024 * 1024;

const REQ_ID = /"reqId":"([^"\\]{1,128})"/;

/** A JWT (both first parts are base64url JSON), a bearer or basic credential. */
const CREDENTIAL = /\bey[\w-]{6,}\.ey[\w-]{6,}\.[\w-]*|\b(Bearer|Basic)\s+[^\s"',;\\]+/g;
/** A JSON string property whose name says it holds a secret. */
const SECRET_PROPERTY = /("[\w-]*(?:token|pass(?:word|wd)?|pwd|secret|jwt|authoriz|credential|cookie|api[-_]?key|signature|session[-_]?id)[\w-]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
/** `name=value` in an address or a message, where the name says it is secret. */
const SECRET_PARAMETER = /\b([\w.-]*(?:token|password|passwd|secret|jwt|code|download|signature)[\w.-]*=)[^&#\s"',;<>\\]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** A log line fit to show an admin: no credential, secret value or e-mail address in clear. */
export function maskLogLine(line: string): string {
  return line
    .replace(CREDENTIAL, (_match, scheme?: string) => (scheme ? `${scheme} [redacted]` : '[redacted]'))
    .replace(SECRET_PROPERTY, '$1"[redacted]"')
    .replace(SECRET_PARAMETER, '$1[redacted]')
    .replace(EMAIL, '[e-mail]');
}

export function createLogRing({ maxLines = LOG_RING_LINES, maxBytes = LOG_RING_BYTES } = {}): LogRing {
  // A circular buffer: `start` is the oldest line; lines without a request id are not kept
  // (the journal answers only request lines).
  const ids: string[] = [];
  const lines: string[] = [];
  let start = 0;
  let bytes = 0;
  const count = () => lines.length - start;

  const keep = (text: string) => {
    const id = REQ_ID.exec(text)?.[1];
    if (!id) return;
    const line = text.endsWith('\n') ? text.slice(0, -1) : text;
    if (line.length > maxBytes) return;
    ids.push(id);
    lines.push(line);
    bytes += line.length;
    while (count() > maxLines || bytes > maxBytes) {
      bytes -= lines[start].length;
      start += 1;
    }
    // Compacts once half the arrays are gone lines.
    if (start > 1024 && start * 2 > lines.length) {
      ids.splice(0, start);
      lines.splice(0, start);
      start = 0;
    }
  };

  return {
    // pino writes to a multistream's destinations with `write(line)` and reads nothing back.
    stream: { write: keep },
    linesOf(requestIds) {
      const wanted = new Set(requestIds);
      const found: string[] = [];
      if (wanted.size === 0) return found;
      for (let index = start; index < lines.length; index += 1) {
        if (wanted.has(ids[index])) found.push(maskLogLine(lines[index]));
      }
      return found;
    },
    size: () => ({ lines: count(), bytes }),
  };
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
/** The ring keeps request lines from this level up, whatever LOG_LEVEL lets through to the output. */
const RING_LEVEL = LEVELS.info;
/** pino writes the level first: `{"level":30,...`. */
const LINE_LEVEL = /^\{"level":(\d+)/;

interface Destination {
  write(line: string): unknown;
}

/**
 * Pino options that also feed the ring. Requests log from info up (`requestLoggerFactory`), so
 * that a warn-level server still answers the journal of a failed request; their lines below
 * LOG_LEVEL go to the ring only. Every other line reaches the output as before (the logger's
 * own level, and the start-up lines' own, still decide).
 */
export function feedingRing<T extends { level?: string; stream?: Destination }>(options: T, ring: LogRing): T & { stream: Destination } {
  const outputLevel = LEVELS[options.level ?? 'info'] ?? RING_LEVEL;
  const output: Destination = options.stream ?? process.stdout;
  const stream: Destination = {
    write(line: string) {
      const lineLevel = Number(LINE_LEVEL.exec(line)?.[1] ?? RING_LEVEL);
      const request = line.includes('"reqId":"');
      if (!request || lineLevel >= outputLevel) output.write(line);
      if (request && lineLevel >= RING_LEVEL) ring.stream.write(line);
    },
  };
  return { ...options, stream };
}

interface ChildLogger {
  level: string;
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): ChildLogger;
}

/** Fastify's `childLoggerFactory`: a request's logger writes from info up at least (see feedingRing). */
export function requestLoggerFactory<L extends ChildLogger>(logger: L, bindings: Record<string, unknown>, options: Record<string, unknown>): L {
  const level = typeof options.level === 'string' ? options.level : logger.level;
  return logger.child(bindings, { ...options, level: (LEVELS[level] ?? RING_LEVEL) > RING_LEVEL ? 'info' : level }) as L;
}
