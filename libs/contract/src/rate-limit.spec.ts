// Plans, roles and their limits per minute and per day, the windows and the ban, and the
// enterprise limits an account may be given.
import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_LIMITS,
  BAN_SECONDS,
  EnterpriseLimits,
  Plan,
  PLAN_LIMITS,
  RATE_WINDOWS,
  Role,
} from './rate-limit.js';
import { toErrorDetails } from './validation.js';

const problems = (value: unknown) => {
  const result = EnterpriseLimits.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('plans and roles', () => {
  it('are the four plans and the two roles', () => {
    expect(Plan.options).toEqual(['free', 'pro', 'business', 'enterprise']);
    expect(Role.options).toEqual(['partner', 'staff']);
  });

  it('give each plan but enterprise its limits per UTC minute and per UTC day', () => {
    expect(PLAN_LIMITS).toEqual({
      free: { perMinute: 60, perDay: 1_000 },
      pro: { perMinute: 300, perDay: 10_000 },
      business: { perMinute: 1_000, perDay: 100_000 },
      enterprise: null,
    });
  });

  it('count callers without a valid key at the free numbers', () => {
    expect(ANONYMOUS_LIMITS).toEqual({ perMinute: 60, perDay: 1_000 });
  });

  it('count in a minute and a day window, and ban for 15 minutes', () => {
    expect(RATE_WINDOWS).toEqual([
      { name: 'minute', seconds: 60 },
      { name: 'day', seconds: 86_400 },
    ]);
    expect(BAN_SECONDS).toBe(900);
  });
});

describe('EnterpriseLimits', () => {
  it('accepts whole numbers from 1 up to 10,000,000 a minute and 1,000,000,000 a day', () => {
    expect(EnterpriseLimits.parse({ perMinute: 1, perDay: 1 })).toEqual({
      perMinute: 1,
      perDay: 1,
    });
    expect(EnterpriseLimits.parse({ perMinute: 10_000_000, perDay: 1_000_000_000 })).toEqual({
      perMinute: 10_000_000,
      perDay: 1_000_000_000,
    });
  });

  it('words a limit out of range, below and above, with its bounds', () => {
    const perMinute = 'must be a whole number from 1 to 10,000,000';
    const perDay = 'must be a whole number from 1 to 1,000,000,000';
    expect(problems({ perMinute: 0, perDay: 0 })).toEqual([
      { field: 'perMinute', issue: perMinute },
      { field: 'perDay', issue: perDay },
    ]);
    expect(problems({ perMinute: 10_000_001, perDay: 1_000_000_001 })).toEqual([
      { field: 'perMinute', issue: perMinute },
      { field: 'perDay', issue: perDay },
    ]);
  });

  it('words a limit that is not a whole number the same way, and a missing one as required', () => {
    expect(problems({ perMinute: '5', perDay: 2.5 })).toEqual([
      { field: 'perMinute', issue: 'must be a whole number from 1 to 10,000,000' },
      { field: 'perDay', issue: 'must be a whole number from 1 to 1,000,000,000' },
    ]);
    expect(problems({})).toEqual([
      { field: 'perMinute', issue: 'is required' },
      { field: 'perDay', issue: 'is required' },
    ]);
  });

  it('says limits are required when missing, and what they must be otherwise', () => {
    expect(problems(undefined)).toEqual([
      { field: '', issue: 'are required for the enterprise plan' },
    ]);
    for (const value of [null, 5, 'lots', [60, 1000]]) {
      expect(problems(value)).toEqual([
        { field: '', issue: 'must be an object with perMinute and perDay' },
      ]);
    }
  });

  it('refuses a day below the minute, on perDay, once both are valid', () => {
    expect(problems({ perMinute: 5_000, perDay: 10 })).toEqual([
      { field: 'perDay', issue: 'must be at least the per-minute limit (5,000)' },
    ]);
    expect(problems({ perMinute: 5_000, perDay: 4_999 })).toHaveLength(1);
    expect(EnterpriseLimits.parse({ perMinute: 5_000, perDay: 5_000 })).toEqual({
      perMinute: 5_000,
      perDay: 5_000,
    });
    expect(problems({ perMinute: 10_000_001, perDay: 10 })).toEqual([
      { field: 'perMinute', issue: 'must be a whole number from 1 to 10,000,000' },
    ]);
  });

  it('refuses other fields', () => {
    expect(problems({ perMinute: 1, perDay: 1, perHour: 1 })).toEqual([
      { field: 'perHour', issue: 'is not allowed' },
    ]);
  });
});
