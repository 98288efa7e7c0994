import { describe, expect, it } from 'vitest';
import { NewAccount, NewApiKey, PlanChange } from './account.schema.js';
import { toErrorDetails } from './validation.js';

const problems = (
  schema: typeof NewAccount | typeof PlanChange | typeof NewApiKey,
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('NewAccount', () => {
  it('defaults to a free partner', () => {
    expect(NewAccount.parse({ name: ' Acme ' })).toEqual({
      name: 'Acme',
      plan: 'free',
      role: 'partner',
    });
  });

  it('needs limits for enterprise, and only there', () => {
    expect(problems(NewAccount, { name: 'A', plan: 'enterprise' })).toEqual([
      { field: 'limits', issue: 'are required for the enterprise plan' },
    ]);
    expect(
      problems(NewAccount, { name: 'A', plan: 'pro', limits: { perMinute: 1, perDay: 1 } }),
    ).toEqual([{ field: 'limits', issue: 'are only for the enterprise plan' }]);
    expect(
      problems(NewAccount, {
        name: 'A',
        plan: 'enterprise',
        limits: { perMinute: 10_000_000, perDay: 1_000_000_000 },
      }),
    ).toEqual([]);
  });

  it('words limit problems the way people read them', () => {
    expect(
      problems(NewAccount, {
        name: 'A',
        plan: 'enterprise',
        limits: { perMinute: 0, perDay: 1.5 },
      }),
    ).toEqual([
      { field: 'limits.perMinute', issue: 'must be a whole number from 1 to 10,000,000' },
      { field: 'limits.perDay', issue: 'must be a whole number from 1 to 1,000,000,000' },
    ]);
    expect(problems(NewAccount, { name: 'A', plan: 'enterprise', limits: { perDay: 5 } })).toEqual([
      { field: 'limits.perMinute', issue: 'is required' },
    ]);
  });

  it('refuses unknown plans, roles and fields', () => {
    expect(
      problems(NewAccount, { name: '', plan: 'gold', role: 'admin', extra: 1 }).map((d) => d.field),
    ).toEqual(['name', 'plan', 'role', 'extra']);
  });
});

describe('PlanChange and NewApiKey', () => {
  it('a plan change follows the same rule for limits', () => {
    expect(PlanChange.parse({ plan: 'business' })).toEqual({ plan: 'business' });
    expect(problems(PlanChange, { plan: 'enterprise' })).toEqual([
      { field: 'limits', issue: 'are required for the enterprise plan' },
    ]);
  });

  it('a key label is 1 to 100 characters after trimming', () => {
    expect(NewApiKey.parse({ label: '  Shop ' })).toEqual({ label: 'Shop' });
    expect(problems(NewApiKey, { label: 'x'.repeat(101) })).toEqual([
      { field: 'label', issue: 'must be at most 100 characters' },
    ]);
    expect(problems(NewApiKey, {})).toEqual([{ field: 'label', issue: 'is required' }]);
  });
});
