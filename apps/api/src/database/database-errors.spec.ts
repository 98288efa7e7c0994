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
  });
});

describe('isUniqueViolation', () => {
  it('recognises both engines, raw or wrapped', () => {
    expect(isUniqueViolation(driverError('SQLITE_CONSTRAINT_PRIMARYKEY'))).toBe(true);
    expect(isUniqueViolation(new QueryFailedError('', [], driverError('23505')))).toBe(true);
    expect(isUniqueViolation(driverError('SQLITE_FULL'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
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
});
