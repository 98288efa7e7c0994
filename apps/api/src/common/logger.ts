import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config/config.js';

/**
 * Standard output, buffered: lines are written in batches of 4 KiB (and at once on exit), not one
 * write system call per request.
 */
export const bufferedStdout = () => pino.destination({ dest: 1, sync: false, minLength: 4096 });

/** JSON lines. Authorization headers are never logged, even by accident. */
export function createLogger(
  level: LogLevel,
  destination: pino.DestinationStream = bufferedStdout(),
): Logger {
  return pino(
    {
      level,
      base: { service: 'petstore-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'authorization',
          'headers.authorization',
          'req.headers.authorization',
          '*.apiKey',
          'apiKey',
        ],
        censor: '[redacted]',
      },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** Nest's own messages (start-up, routes) through the same JSON logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}
