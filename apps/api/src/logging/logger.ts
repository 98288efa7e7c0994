/**
 * The API's log: JSON lines by pino on buffered standard output, times in ISO 8601 UTC, errors
 * written without secrets, and the same log for Nest's own messages.
 */
import type { LoggerService } from '@nestjs/common';
import { writeSync } from 'node:fs';
import { pino, type Logger } from 'pino';

const SERVICE = 'petstore-api';

/** How long a log line may wait in the buffer on a quiet server. */
export const LOG_FLUSH_MS = 1_000;

/** How many bytes of lines are gathered before they are written in one system call. */
export const LOG_BATCH_BYTES = 16_384;

/** How many bytes may wait for a reader that does not read before new lines are dropped. */
export const LOG_BACKLOG_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Lines gathered in memory and written to a file descriptor together, with one synchronous write
 * of {@link LOG_BATCH_BYTES} or more, or at {@link flush} (every second, and on exit).
 *
 * pino's own destination (sonic-boom) measures, on each line, the bytes of everything already
 * waiting (`Buffer.byteLength` of one growing string), and writes through libuv's thread pool. Here
 * a line costs a push onto an array; the join and the write are shared by a hundred lines. The
 * write is synchronous, as pino's default is, so nothing is in flight when the process exits. A
 * reader that does not keep up (a full pipe, `EAGAIN`) leaves the bytes waiting for the next flush;
 * past {@link LOG_BACKLOG_MAX_BYTES} new lines are counted and dropped, and the count is written
 * once the reader is back.
 */
export class LogBuffer implements pino.DestinationStream {
  private lines: string[] = [];
  /** Characters in {@link lines} and bytes in {@link unwritten}, together. */
  private waiting = 0;
  /** Bytes a write could not take yet (a full pipe). */
  private unwritten: Buffer | undefined;
  private dropped = 0;

  constructor(
    private readonly fd: number,
    private readonly batchBytes = LOG_BATCH_BYTES,
    private readonly backlogMaxBytes = LOG_BACKLOG_MAX_BYTES,
  ) {}

  write(line: string): void {
    if (this.waiting >= this.backlogMaxBytes) {
      this.dropped++;
      return;
    }
    this.lines.push(line);
    this.waiting += line.length;
    if (this.waiting >= this.batchBytes) this.flush();
  }

  /**
   * Writes everything waiting, as far as the reader takes it now; then, if lines were dropped and
   * the reader took the backlog, a line that says how many.
   */
  flush(): void {
    this.writeOut();
    if (this.dropped === 0 || this.waiting >= this.backlogMaxBytes) return;
    const warning = {
      level: 'warn',
      time: new Date().toISOString(),
      service: SERVICE,
      dropped: this.dropped,
      msg: 'log lines dropped: standard output was not read',
    };
    this.dropped = 0;
    this.lines.push(`${JSON.stringify(warning)}\n`);
    this.writeOut();
  }

  private writeOut(): void {
    if (this.lines.length > 0) {
      const batch = Buffer.from(this.lines.join(''));
      this.lines = [];
      this.unwritten =
        this.unwritten === undefined ? batch : Buffer.concat([this.unwritten, batch]);
    }
    while (this.unwritten !== undefined) {
      let written: number;
      try {
        written = writeSync(this.fd, this.unwritten);
      } catch (error) {
        // A full pipe: the rest waits for the next flush. Anything else (the reader is gone): lost.
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') this.unwritten = undefined;
        break;
      }
      this.unwritten =
        written >= this.unwritten.length ? undefined : this.unwritten.subarray(written);
    }
    this.waiting = this.unwritten?.length ?? 0;
  }
}

/**
 * Standard output, buffered ({@link LogBuffer}): at least once a second, so a quiet server's last
 * lines (an error's included) never wait for more traffic, and at exit.
 */
export function bufferedStdout(): pino.DestinationStream {
  const destination = new LogBuffer(1);
  setInterval(() => {
    destination.flush();
  }, LOG_FLUSH_MS).unref();
  process.on('exit', () => {
    destination.flush();
  });
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

/** What the one line a request leaves in the log says, besides the request id. */
export interface RequestLine {
  readonly method: string;
  readonly route: string | null;
  readonly status: number;
  readonly latencyMs: number;
  readonly accountId: number | null;
}

/**
 * The line every request leaves (`"msg":"request"`), written straight to `logger`'s destination:
 * the same bytes, in the same order, as `logger.child({ requestId }).info(line, 'request')`. Its
 * fields are known and none is a secret, so it needs none of pino's work per line: no redaction,
 * no serializers, no formatters. Nothing when `logger` does not log at `info`.
 */
export function requestLineWriter(logger: Logger): (requestId: string, line: RequestLine) => void {
  const destination = (logger as unknown as Record<symbol, pino.DestinationStream>)[
    pino.symbols.streamSym
  ];
  if (!destination) throw new Error('the logger has no destination to write request lines to');
  return (requestId, { method, route, status, latencyMs, accountId }) => {
    if (!logger.isLevelEnabled('info')) return;
    destination.write(
      `{"level":"info"${isoTime()},"service":"${SERVICE}","requestId":${JSON.stringify(requestId)},` +
        `"method":${JSON.stringify(method)},"route":${route === null ? 'null' : JSON.stringify(route)},` +
        `"status":${String(status)},"latencyMs":${Number.isFinite(latencyMs) ? String(latencyMs) : 'null'},` +
        `"accountId":${accountId === null ? 'null' : String(accountId)},"msg":"request"}\n`,
    );
  };
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
      base: { service: SERVICE },
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
