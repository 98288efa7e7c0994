/**
 * The API's log: JSON lines by pino on buffered standard output, times in ISO 8601 UTC, errors
 * written without secrets, and the same log for Nest's own messages.
 */
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

/** How long a log line may wait in the buffer on a quiet server. */
export const LOG_FLUSH_MS = 1_000;

/**
 * Standard output, buffered: lines are written in batches of 4 KiB (and at once on exit), not one
 * write system call per request, and at least once a second, so a quiet server's last lines (an
 * error's included) never wait for more traffic.
 */
export function bufferedStdout(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    destination.flush();
  }, LOG_FLUSH_MS).unref();
  return destination;
}

let second = Number.NaN;
let secondText = '';

/**
 * pino's `"time"` as ISO 8601 in UTC (`2026-11-22T19:00:11.647Z`), as `pino.stdTimeFunctions.isoTime`
 * writes it, with the date and time up to the second worked out once a second rather than on
 * every line.
 */
export function isoTime(now = Date.now()): string {
  const ms = now % 1000;
  if (now - ms !== second) {
    second = now - ms;
    // `2026-11-22T19:00:11.`
    secondText = new Date(second).toISOString().slice(0, 20);
  }
  return `,"time":"${secondText}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

/**
 * Errors as the log shows them: type, message, code and stack. Nothing else of the error object:
 * a failed query carries its SQL and its parameters (labels, key hashes), which never go to a log.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    type: error.constructor.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack === undefined ? {} : { stack: error.stack }),
  };
}

/**
 * JSON lines. Authorization headers and keys are never logged, even by accident. The redacted paths
 * are exact (no `*`): a wildcard path makes pino walk every object of every line, which tripled
 * the cost of the request line.
 */
export function createLogger(
  level: pino.LevelWithSilent,
  destination: pino.DestinationStream = bufferedStdout(),
): Logger {
  return pino(
    {
      level,
      base: { service: 'petstore-api' },
      timestamp: () => isoTime(),
      redact: {
        paths: [
          'authorization',
          'headers.authorization',
          'req.headers.authorization',
          'apiKey',
          'key',
        ],
        censor: '[redacted]',
      },
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorForLog },
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
