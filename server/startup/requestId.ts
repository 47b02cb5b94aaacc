import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The answer header that names a request; its log lines carry the same id as `reqId`. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a client (or a proxy in front) may choose: 1–128 characters of a safe alphabet. */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the incoming `X-Request-Id` when it is a valid id (a proxy's or the
 * browser's, so that both sides name the request alike), else a new random one. An invalid one
 * is replaced, never trimmed: it could carry anything into the log lines.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_ID.test(given) ? given : randomUUID();
}
