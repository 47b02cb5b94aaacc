/** Error codes of a client that went away mid-request or mid-response: ordinary, not a fault of the server. */
const GONE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/**
 * True when an error only says the client disconnected (a closed tab, a dropped phone
 * connection, a proxy giving up): Node's `aborted`/`ECONNRESET` on a request body, `EPIPE` or
 * a premature close on a response. Such errors are logged at debug, without a stack.
 */
export function isClientDisconnect(error: unknown, socketGone = false): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && GONE_CODES.has(code)) return true;
  if (typeof message === 'string' && /^(aborted|premature close)$/i.test(message)) return true;
  // A request whose socket is already closed had no one left to answer.
  return socketGone;
}

/** What a debug line keeps of such an error: its code and message, no stack. */
export const disconnectDetails = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : undefined, reason: typeof message === 'string' ? message : undefined };
};
