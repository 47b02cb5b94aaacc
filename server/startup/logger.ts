import type { DestinationStream, LoggerOptions } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config';

/**
 * Pino options for the server: JSON lines on stdout (`LOG_FORMAT=json`), or pino-pretty's
 * readable lines. pino-pretty runs as a synchronous stream rather than a worker-thread
 * transport, so that the last lines before an exit are never lost.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): LoggerOptions & { stream?: DestinationStream } {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pinoPretty({ sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
  };
}
