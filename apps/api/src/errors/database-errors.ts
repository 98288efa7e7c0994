/**
 * What a database error means, on either engine: the database away (503 with Retry-After), a
 * unique value taken, or a query at fault; and how to describe one in the log without its
 * statement or values.
 */
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';

/** Our own: the SQLite write connection is stuck in a transaction it could not roll back. */
export const WRITE_CONNECTION_STUCK = 'PETS_WRITE_CONNECTION_STUCK';

/** Our own: a PostgreSQL transaction's connection broke before it committed. */
export const CONNECTION_LOST = 'PETS_CONNECTION_LOST';

/** Error codes that mean the database cannot be reached or used right now, not that a query is wrong. */
const UNAVAILABLE_CODES = new Set([
  WRITE_CONNECTION_STUCK,
  CONNECTION_LOST,
  // Node and the pg driver
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  // PostgreSQL: connection exceptions, shutdown, too many connections, cannot connect now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // PostgreSQL: disk full, and a server that takes no writes (a standby after a failover)
  '53100',
  '25006',
  // SQLite
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_FULL',
]);

const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /Client has encountered a connection error/i,
];

/**
 * True when an error (or what it wraps, as `driverError` or `cause`, looked at to five levels deep)
 * says the database is unreachable, busy or read-only.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth++
  ) {
    const { code, message, driverError, cause } = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    // TypeORM releases a query runner the moment its PostgreSQL connection breaks; a query the
    // runner was about to send then fails this way, never having reached the server.
    if (current instanceof QueryRunnerAlreadyReleasedError) return true;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR'))
    )
      return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(String(message)))) return true;
    current = driverError ?? cause;
  }
  return false;
}

const UNIQUE_VIOLATION_CODES: ReadonlySet<unknown> = new Set([
  '23505',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  'SQLITE_CONSTRAINT_UNIQUE',
]);

/** True when an error (from the driver, or TypeORM's wrapper of it) is a unique-key violation. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, driverError } = (error ?? {}) as {
    code?: unknown;
    driverError?: { code?: unknown };
  };
  return UNIQUE_VIOLATION_CODES.has(code) || UNIQUE_VIOLATION_CODES.has(driverError?.code);
}

/** SQLite's result codes, and PostgreSQL's SQLSTATE (five digits or capitals). */
const DRIVER_CODE = /^(SQLITE_[A-Z_]+|[0-9A-Z]{5})$/;

/**
 * An error from the database (a driver's, or TypeORM's wrapping of one), as opposed to one of our
 * own code: for the `db_errors_total` metric.
 */
export function isDatabaseError(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth++
  ) {
    if (current instanceof QueryFailedError || current instanceof QueryRunnerAlreadyReleasedError)
      return true;
    const { code, driverError, cause } = current as {
      code?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && DRIVER_CODE.test(code)) return true;
    current = driverError ?? cause;
  }
  return false;
}

/** A driver error's code and message: never its SQL parameters. */
export function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  return typeof code === 'string' ? `${code}: ${text}` : text;
}
