import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { disconnectDetails, isClientDisconnect } from '../shared/clientDisconnect';

/**
 * Fastify's request lines, but a client that disconnects (a reset or a premature close of the
 * response) is logged at debug, without a stack: it is ordinary, and no fault of the server.
 */
export class DisconnectAwareLog extends LogController {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error && isClientDisconnect(error, request.raw.destroyed)) {
      reply.log.debug({ ...disconnectDetails(error), url: request.url }, 'the client disconnected before the response ended');
      return;
    }
    super.requestCompleted(error, request, reply);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (isClientDisconnect(error, request.raw.destroyed)) {
      reply.log.debug({ ...disconnectDetails(error), url: request.url }, 'the client disconnected during a streamed response');
      return;
    }
    super.streamError(error, request, reply);
  }
}

/**
 * Request lines of readable logs (pino-pretty, the quick start): one line per request, at
 * debug. Fastify's two lines per request at info, through pino-pretty, cost the quick start
 * two thirds of its API throughput (issue 27); failed requests still log at error. A refused
 * request (400 and above) logs at info: it is the line a bug report's journal shows beside
 * the request, by its `reqId`.
 */
export class ReadableRequestLog extends DisconnectAwareLog {
  private readonly redactUrl: (url: string) => string;

  constructor({ redactUrl }: { redactUrl: (url: string) => string }) {
    super();
    this.redactUrl = redactUrl;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // Fastify's logger is pino's, whose type Fastify narrows.
    const log = reply.log as FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
    const level = reply.statusCode >= 400 ? 'info' : 'debug';
    // Without a logger (tests), Fastify's stand-in has no levels.
    if (typeof log.isLevelEnabled !== 'function' || !log.isLevelEnabled(level)) return;
    log[level](`${request.method} ${this.redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
  }
}
