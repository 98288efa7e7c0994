// The problems the API words: their exact words, a code of the contract each with its status,
// limits and dates said from the constants.
import { describe, expect, it } from 'vitest';
import { GET_PET_SUNSET_AT } from './deprecation.js';
import { ERROR_CODES, ERROR_STATUS } from './error.schema.js';
import {
  BODY_LIMIT_BYTES,
  formatBytes,
  formatDay,
  HEADERS_LIMIT_BYTES,
  OPEN_ORDERS_MAX,
} from './limits.js';
import { ERRORS, PROBLEMS, singleSignOnEmailIssue, statusOf } from './problems.js';

/** Every problem, those that take arguments with sample ones. */
const everyProblem = () =>
  Object.fromEntries(
    Object.entries(PROBLEMS).map(([name, problem]) => {
      if (typeof problem !== 'function') return [name, problem];
      const samples: Record<string, unknown[]> = {
        cannotAnswer: [416],
        invalidBody: ['name must not be empty'],
        invalidQuery: ['limit must be an integer from 1 to 100'],
        noRoute: ['GET', '/v1/nope'],
        methodNotAllowed: ['PUT', '/v1/pets', ['GET', 'HEAD', 'POST']],
        headerSentTwice: ['Idempotency-Key'],
        rateLimited: [60, 'minute', 17],
        banned: [840],
        signInFailuresLimited: [540],
        internalError: ['req-1'],
        noFile: ['/admin/x.js'],
        invalidTransition: ['sold', 'available', true],
        petNotOrderable: ['sold'],
        orderMoveRefused: ['delivered', 'cancel'],
        openOrdersLimit: ['free'],
        lastStaffPerson: ['Ann'],
      };
      const args = samples[name];
      if (!args) throw new Error(`no sample arguments for ${name}`);
      return [name, (problem as (...a: unknown[]) => unknown)(...args)];
    }),
  );

describe('the problems the API words', () => {
  it('are these words (a change here is a change partners read)', async () => {
    await expect(`${JSON.stringify(everyProblem(), null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/problems.json',
    );
  });

  it('each carries a code of the contract, and every code has one standing for it', () => {
    for (const problem of Object.values(everyProblem()) as { code: string }[])
      expect(ERROR_CODES).toContain(problem.code);
    expect(Object.keys(ERRORS).sort()).toEqual([...ERROR_CODES].sort());
    for (const [code, problem] of Object.entries(ERRORS)) expect(problem.code).toBe(code);
  });

  it('answer with the status of their code', () => {
    expect(statusOf(PROBLEMS.petNotFound)).toBe(404);
    expect(statusOf(PROBLEMS.bodyTooLarge)).toBe(ERROR_STATUS.payload_too_large);
  });

  it('say the limits and the sunset from the constants', () => {
    expect(PROBLEMS.bodyTooLarge.message).toContain(formatBytes(BODY_LIMIT_BYTES));
    expect(PROBLEMS.headTooLarge.message).toContain(formatBytes(HEADERS_LIMIT_BYTES));
    expect(PROBLEMS.getPetGone.message).toContain(formatDay(GET_PET_SUNSET_AT));
    expect(PROBLEMS.openOrdersLimit('pro').message).toContain(
      `already has ${OPEN_ORDERS_MAX.pro} open orders, the most its plan (pro) allows`,
    );
    expect(PROBLEMS.openOrdersLimit('enterprise').message).toContain('already has 1,000 open');
  });
});

describe('sizes and days in words', () => {
  it('names whole KiB as KiB and anything else in bytes', () => {
    expect(formatBytes(16 * 1024)).toBe('16 KiB');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });

  it('names the UTC day of an instant, day month year', () => {
    expect(formatDay(new Date('2030-12-05T00:00:00Z'))).toBe('5 December 2030');
    // Just before midnight UTC is still that day, whatever the machine's zone.
    expect(formatDay(new Date('2026-01-01T23:59:59Z'))).toBe('1 January 2026');
  });
});

describe('singleSignOnEmailIssue', () => {
  it('names the domain whose people sign in with single sign-on', () => {
    expect(singleSignOnEmailIssue('acme.example')).toBe(
      'is in acme.example, whose people sign in with single sign-on and join only its account',
    );
  });
});
