// A new account, a change of plan, keys and usage as the contract takes them: every problem told
// at once, in the words people read, and enterprise limits only with the enterprise plan.
import { describe, expect, it } from 'vitest';
import {
  Account,
  Accounts,
  ApiKey,
  ApiKeys,
  CreatedApiKey,
  NewAccount,
  NewApiKey,
  PlanChange,
} from './account.schema.js';
import { toErrorDetails } from './validation.js';

const problems = (
  schema: typeof NewAccount | typeof PlanChange | typeof NewApiKey,
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('NewAccount', () => {
  it('tells every problem at once: an empty name and missing enterprise limits', () => {
    expect(problems(NewAccount, { name: '', plan: 'enterprise' })).toEqual([
      { field: 'name', issue: 'must not be empty' },
      { field: 'limits', issue: 'are required for the enterprise plan' },
    ]);
  });

  it('names the roles when the role is not one', () => {
    expect(problems(NewAccount, { name: 'Acme', plan: 'free', role: 'admin' })).toEqual([
      { field: 'role', issue: 'must be one of partner, staff' },
    ]);
  });

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

  it('words the name the way people read it: required, not empty, at most 200 characters', () => {
    expect(problems(NewAccount, {})).toEqual([{ field: 'name', issue: 'is required' }]);
    expect(problems(NewAccount, { name: '  ' })).toEqual([
      { field: 'name', issue: 'must not be empty' },
    ]);
    expect(problems(NewAccount, { name: 7 })).toEqual([
      { field: 'name', issue: 'must be a string' },
    ]);
    expect(NewAccount.parse({ name: 'a'.repeat(200) }).name).toHaveLength(200);
    expect(problems(NewAccount, { name: 'a'.repeat(201) })).toEqual([
      { field: 'name', issue: 'must be at most 200 characters' },
    ]);
  });

  it('says the limits must be an object when they are sent as something else', () => {
    expect(problems(NewAccount, { name: 'A', plan: 'enterprise', limits: 1000 })).toEqual([
      { field: 'limits', issue: 'must be an object with perMinute and perDay' },
    ]);
  });

  it('reports the enterprise rule as a zod issue on limits, for forms that read zod issues', () => {
    const result = NewAccount.safeParse({ name: 'A', plan: 'enterprise' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['limits'],
        message: 'are required for the enterprise plan',
      }),
    ]);
    const other = NewAccount.safeParse({ name: 'A', limits: { perMinute: 1, perDay: 1 } });
    expect(other.error?.issues).toEqual([
      expect.objectContaining({ path: ['limits'], message: 'are only for the enterprise plan' }),
    ]);
  });

  it('takes limits: undefined beside another plan, as a form sends it', () => {
    expect(NewAccount.parse({ name: 'A', plan: 'pro', limits: undefined })).toMatchObject({
      plan: 'pro',
    });
  });

  it('refuses a day below the minute, on limits.perDay, and takes a day equal to it', () => {
    expect(
      problems(NewAccount, {
        name: 'A',
        plan: 'enterprise',
        limits: { perMinute: 5_000, perDay: 10 },
      }),
    ).toEqual([{ field: 'limits.perDay', issue: 'must be at least the per-minute limit (5,000)' }]);
    expect(
      NewAccount.parse({ name: 'A', plan: 'enterprise', limits: { perMinute: 5, perDay: 5 } }),
    ).toMatchObject({ limits: { perMinute: 5, perDay: 5 } });
  });

  it.each([undefined, null, [], 'Acme'])('refuses a body that is not an object: %j', (body) => {
    expect(problems(NewAccount, body)).toEqual([
      { field: '', issue: body === undefined ? 'is required' : 'must be a JSON object' },
    ]);
  });

  it('refuses unknown plans, roles and fields', () => {
    expect(
      problems(NewAccount, { name: '', plan: 'gold', role: 'admin', extra: 1 }).map((d) => d.field),
    ).toEqual(['name', 'plan', 'role', 'extra']);
  });
});

describe('PlanChange and NewApiKey', () => {
  it('a plan is required, and named from the list when it is not one', () => {
    expect(problems(PlanChange, {})).toEqual([{ field: 'plan', issue: 'is required' }]);
    expect(problems(PlanChange, { plan: 'gold' })).toEqual([
      { field: 'plan', issue: 'must be one of free, pro, business, enterprise' },
    ]);
  });

  it('a plan change follows the same rule for limits', () => {
    expect(PlanChange.parse({ plan: 'business' })).toEqual({ plan: 'business' });
    expect(problems(PlanChange, { plan: 'enterprise' })).toEqual([
      { field: 'limits', issue: 'are required for the enterprise plan' },
    ]);
  });

  it('a plan change to another plan must not carry limits, and enterprise ones are checked', () => {
    expect(problems(PlanChange, { plan: 'free', limits: { perMinute: 1, perDay: 1 } })).toEqual([
      { field: 'limits', issue: 'are only for the enterprise plan' },
    ]);
    expect(
      PlanChange.parse({ plan: 'enterprise', limits: { perMinute: 5_000, perDay: 2_000_000 } }),
    ).toEqual({ plan: 'enterprise', limits: { perMinute: 5_000, perDay: 2_000_000 } });
    expect(
      problems(PlanChange, { plan: 'enterprise', limits: { perMinute: 10_000_001, perDay: 1 } }),
    ).toEqual([
      { field: 'limits.perMinute', issue: 'must be a whole number from 1 to 10,000,000' },
    ]);
    expect(problems(PlanChange, { plan: 'pro', extra: true })).toEqual([
      { field: 'extra', issue: 'is not allowed' },
    ]);
  });

  it('refuses a day below the minute on a change to enterprise too', () => {
    expect(
      problems(PlanChange, { plan: 'enterprise', limits: { perMinute: 5_000, perDay: 10 } }),
    ).toEqual([{ field: 'limits.perDay', issue: 'must be at least the per-minute limit (5,000)' }]);
  });

  it('tells every problem both forms find when the plan is not one', () => {
    expect(problems(PlanChange, { plan: 'gold', extra: 1 })).toEqual([
      { field: 'plan', issue: 'must be one of free, pro, business, enterprise' },
      { field: 'extra', issue: 'is not allowed' },
    ]);
  });

  it.each([undefined, null, ['pro'], 'pro'])(
    'a plan change that is not an object is refused: %j',
    (body) => {
      expect(problems(PlanChange, body)).toEqual([
        { field: '', issue: body === undefined ? 'is required' : 'must be a JSON object' },
      ]);
    },
  );

  it('a key label may be empty, and is refused when it is not text', () => {
    expect(NewApiKey.parse({ label: '' })).toEqual({ label: '' });
    expect(NewApiKey.parse({ label: 'x'.repeat(100) }).label).toHaveLength(100);
    expect(problems(NewApiKey, { label: 5 })).toEqual([
      { field: 'label', issue: 'must be a string' },
    ]);
    expect(problems(NewApiKey, { label: 'a\u202eb' })).toEqual([
      { field: 'label', issue: 'must not contain bidirectional control characters' },
    ]);
    expect(problems(NewApiKey, { label: 'Shop', id: 1 })).toEqual([
      { field: 'id', issue: 'is not allowed' },
    ]);
  });

  it.each([null, [], 'Shop'])('a new key that is not an object is refused: %j', (body) => {
    expect(problems(NewApiKey, body)).toEqual([{ field: '', issue: 'must be a JSON object' }]);
  });

  it('a key label is 1 to 100 characters after trimming', () => {
    expect(NewApiKey.parse({ label: '  Shop ' })).toEqual({ label: 'Shop' });
    expect(problems(NewApiKey, { label: 'x'.repeat(101) })).toEqual([
      { field: 'label', issue: 'must be at most 100 characters' },
    ]);
    expect(problems(NewApiKey, {})).toEqual([{ field: 'label', issue: 'is required' }]);
  });
});

describe('what the API answers with', () => {
  const account = {
    id: 1,
    name: 'Acme',
    plan: 'pro',
    role: 'partner',
    limits: { perMinute: 300, perDay: 10_000 },
    createdAt: '2026-01-01T12:00:00.000Z',
  };
  const key = {
    id: 7,
    accountId: 1,
    label: '',
    prefix: 'pets_live_Ab12Cd',
    createdAt: '2026-01-01T12:00:00Z',
    lastUsedAt: null,
    revokedAt: null,
    createdBy: { type: 'person', personId: 3, name: 'Ann' },
  };

  it('an account has positive ids, its limits and an ISO creation instant', () => {
    expect(Account.parse(account)).toEqual(account);
    expect(Accounts.parse([account, { ...account, id: Number.MAX_SAFE_INTEGER }])).toHaveLength(2);
    for (const id of [0, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(Account.safeParse({ ...account, id }).success, String(id)).toBe(false);
    }
    expect(Account.safeParse({ ...account, createdAt: '1 January 2026' }).success).toBe(false);
    const { limits: _limits, ...withoutLimits } = account;
    expect(Account.safeParse(withoutLimits).success).toBe(false);
    expect(Account.safeParse({ ...account, secret: 'x' }).success).toBe(false);
  });

  it('a key is shown without its secret; its use and revocation are instants or null', () => {
    expect(ApiKey.parse(key)).toEqual(key);
    const used = { ...key, lastUsedAt: '2026-02-01T10:00:00Z', revokedAt: '2026-03-01T00:00:00Z' };
    expect(ApiKeys.parse([key, used])).toEqual([key, used]);
    expect(ApiKey.safeParse({ ...key, key: 'pets_live_secret' }).success).toBe(false);
    expect(ApiKey.safeParse({ ...key, lastUsedAt: 'recently' }).success).toBe(false);
    expect(ApiKey.safeParse({ ...key, revokedAt: undefined }).success).toBe(false);
    expect(ApiKey.safeParse({ ...key, accountId: 0 }).success).toBe(false);
  });

  it('a key says who made it: a person by id and name, a key, or the command-line tool', () => {
    for (const createdBy of [{ type: 'key', keyId: 2 }, { type: 'cli' }])
      expect(ApiKey.parse({ ...key, createdBy })).toEqual({ ...key, createdBy });
    expect(ApiKey.safeParse({ ...key, createdBy: undefined }).success).toBe(false);
    expect(ApiKey.safeParse({ ...key, createdBy: { type: 'person', personId: 3 } }).success).toBe(
      false,
    );
    expect(ApiKey.safeParse({ ...key, createdBy: { type: 'cli', keyId: 2 } }).success).toBe(false);
  });

  it('a created key carries its secret, this once', () => {
    expect(CreatedApiKey.parse({ ...key, key: 'pets_live_secret' })).toEqual({
      ...key,
      key: 'pets_live_secret',
    });
    expect(CreatedApiKey.safeParse(key).success).toBe(false);
  });
});
