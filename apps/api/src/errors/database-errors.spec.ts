// Which database errors mean the database is away, which a unique value taken, and that an error
// is described without its statement or values.
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { describeError, isDatabaseUnavailable, isUniqueViolation } from './database-errors.js';

const driverError = (code: string, message = 'driver says no') =>
  Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'SQLITE_FULL',
    'SQLITE_IOERR',
    'SQLITE_IOERR_WRITE',
    'SQLITE_READONLY',
    'SQLITE_BUSY',
    'ECONNREFUSED',
    '57P01',
    '53100',
    '25006',
    'PETS_WRITE_CONNECTION_STUCK',
    'PETS_CONNECTION_LOST',
  ])('%s: the database is away (503), directly or wrapped by TypeORM', (code) => {
    expect(isDatabaseUnavailable(driverError(code))).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('INSERT …', [], driverError(code)))).toBe(
      true,
    );
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', '23505', '42601', 'SQLITE_ERROR'])(
    '%s: a query problem, not an outage',
    (code) => {
      expect(isDatabaseUnavailable(driverError(code))).toBe(false);
    },
  );

  it('knows a lost connection by its message, and nothing else by accident', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('SQLITE_FULL')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable({ message: 42 })).toBe(false);
  });

  it('looks through a wrapper that keeps the driver error only as driverError, or as cause', () => {
    expect(isDatabaseUnavailable({ driverError: driverError('ECONNREFUSED') })).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: driverError('57P01') }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable({ driverError: null, cause: new Error('Connection terminated') }),
    ).toBe(true);
    expect(isDatabaseUnavailable({ driverError: null, cause: null })).toBe(false);
  });

  it('looks five levels deep, and a chain of causes that loops back ends', () => {
    const wrapped = (levels: number) => {
      let error: unknown = driverError('ECONNRESET');
      for (let i = 0; i < levels; i++) error = new Error(`wrapper ${i}`, { cause: error });
      return error;
    };
    expect(isDatabaseUnavailable(wrapped(4))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(5))).toBe(false);
    const loop: { message: string; cause?: unknown } = { message: 'a' };
    loop.cause = { message: 'b', cause: loop };
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('recognises both engines, raw or wrapped', () => {
    expect(isUniqueViolation(driverError('SQLITE_CONSTRAINT_PRIMARYKEY'))).toBe(true);
    expect(isUniqueViolation(new QueryFailedError('', [], driverError('23505')))).toBe(true);
    expect(isUniqueViolation(driverError('SQLITE_FULL'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation({ driverError: { code: 'SQLITE_CONSTRAINT_UNIQUE' } })).toBe(true);
    expect(isUniqueViolation({ driverError: { code: 'SQLITE_BUSY' } })).toBe(false);
    expect(isUniqueViolation({ code: 23505 })).toBe(false);
  });
});

describe('describeError', () => {
  it("gives the driver's code and message, never the statement or its parameters", () => {
    const error = new QueryFailedError(
      'INSERT INTO pets (name) VALUES ($1)',
      ['secret-name'],
      driverError('SQLITE_FULL', 'database or disk is full'),
    );
    const text = describeError(error);
    expect(text).toBe('SQLITE_FULL: database or disk is full');
    expect(text).not.toContain('secret-name');
    expect(text).not.toContain('INSERT');
  });

  it('gives the message alone when there is no code, and a thrown string as it is', () => {
    expect(describeError(new Error('socket hang up'))).toBe('socket hang up');
    expect(describeError('read ECONNRESET')).toBe('read ECONNRESET');
    expect(describeError(undefined)).toBe('undefined');
  });
});
