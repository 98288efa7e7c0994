import { z } from 'zod';
import {
  displayText,
  expected,
  OPTIONAL_TEXT_RULE_DESCRIPTION,
  TEXT_RULE_DESCRIPTION,
} from './text.schema.js';
import { EnterpriseLimits, Plan, Role } from './rate-limit.js';

const positiveId = (description: string) =>
  z.int().min(1).max(Number.MAX_SAFE_INTEGER).meta({ format: 'int64', description });
const instant = (description: string) => z.iso.datetime().meta({ description });

export const AccountName = displayText({ max: 200, allowEmpty: false }).meta({
  description: `The account's name, 1 to 200 characters. ${TEXT_RULE_DESCRIPTION}`,
});

export const KeyLabel = displayText({ max: 100, allowEmpty: true }).meta({
  description: `A label to tell the key apart, up to 100 characters. ${OPTIONAL_TEXT_RULE_DESCRIPTION}`,
});

const requireLimitsForEnterprise = (
  account: { plan: Plan; limits?: { perMinute: number; perDay: number } | undefined },
  ctx: z.core.$RefinementCtx,
) => {
  if (account.plan === 'enterprise' && !account.limits) {
    ctx.addIssue({
      code: 'custom',
      path: ['limits'],
      message: 'are required for the enterprise plan',
    });
  }
  if (account.plan !== 'enterprise' && account.limits) {
    ctx.addIssue({ code: 'custom', path: ['limits'], message: 'are only for the enterprise plan' });
  }
};

/** An account to create: enterprise accounts carry their own limits, other plans must not. */
export const NewAccount = z
  .strictObject(
    {
      name: AccountName,
      plan: Plan.default('free'),
      role: Role.default('partner'),
      limits: EnterpriseLimits.optional(),
    },
    { error: expected('a JSON object') },
  )
  .superRefine(requireLimitsForEnterprise)
  .meta({
    id: 'NewAccount',
    description:
      'An account to create. Enterprise accounts need `limits`; other plans must not send them.',
  });
export type NewAccount = z.output<typeof NewAccount>;
export type NewAccountInput = z.input<typeof NewAccount>;

/** A change of plan (and, for enterprise, of limits). */
export const PlanChange = z
  .strictObject(
    { plan: Plan, limits: EnterpriseLimits.optional() },
    { error: expected('a JSON object') },
  )
  .superRefine(requireLimitsForEnterprise)
  .meta({
    id: 'PlanChange',
    description: 'The new plan. Enterprise needs `limits`; other plans must not send them.',
  });
export type PlanChange = z.output<typeof PlanChange>;

export const Account = z
  .strictObject({
    id: positiveId('Identifier of the account.'),
    name: z.string(),
    plan: Plan,
    role: Role,
    limits: EnterpriseLimits.meta({
      description:
        "Requests per UTC minute and per UTC day: the plan's, or the enterprise account's own.",
    }),
    createdAt: instant('When the account was created.'),
  })
  .meta({
    id: 'Account',
    description: 'An account: owns API keys, shares one rate limit among them.',
  });
export type Account = z.infer<typeof Account>;

export const Accounts = z.array(Account).meta({ id: 'Accounts' });

export const NewApiKey = z
  .strictObject({ label: KeyLabel }, { error: expected('a JSON object') })
  .meta({ id: 'NewApiKey', description: 'A key to create, with a label to tell it apart.' });
export type NewApiKey = z.output<typeof NewApiKey>;

export const ApiKey = z
  .strictObject({
    id: positiveId('Identifier of the key (not the key itself).'),
    accountId: positiveId('The account the key belongs to.'),
    label: z.string(),
    prefix: z
      .string()
      .meta({ description: 'The first characters of the key, e.g. `pets_live_Ab12Cd`.' }),
    createdAt: instant('When the key was created.'),
    lastUsedAt: instant('When the key was last used, to within an hour.').nullable(),
    revokedAt: instant('When the key was revoked; `null` while it works.').nullable(),
  })
  .meta({ id: 'ApiKey', description: 'An API key, without its secret.' });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeys = z.array(ApiKey).meta({ id: 'ApiKeys' });

export const CreatedApiKey = ApiKey.extend({
  key: z
    .string()
    .meta({ description: 'The key itself. This is the only time it is shown: store it now.' }),
}).meta({ id: 'CreatedApiKey', description: 'A new API key, with its secret, shown this once.' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

const UsageWindow = (name: string) =>
  z.strictObject({
    used: z
      .int()
      .min(0)
      .meta({
        description: `Requests counted this ${name}: each one the limiter let through (refusals are not counted).`,
      }),
    limit: z
      .int()
      .min(1)
      .meta({ description: `Requests allowed per UTC ${name}.` }),
    resetsAt: instant(`When this UTC ${name} ends and its count starts again.`),
  });

/** What the rate limiter holds for an account now (decisions §14). */
export const AccountUsage = z
  .strictObject({
    minute: UsageWindow('minute').meta({ description: 'The current UTC minute.' }),
    day: UsageWindow('day').meta({ description: 'The current UTC day.' }),
    refusedToday: z.int().min(0).meta({
      description:
        "Requests refused with 429 since the UTC day began (rate-limited or banned), across the account's keys.",
    }),
    bannedUntil: instant(
      'When the ban of one of its keys ends (the latest, if several are banned); `null` when none is banned.',
    ).nullable(),
    keys: z
      .array(
        z.strictObject({
          id: positiveId('Identifier of the key (not the key itself).'),
          label: z.string(),
          lastUsedAt: instant('When the key was last used, to within an hour.').nullable(),
        }),
      )
      .meta({ description: "The account's live keys, oldest first." }),
  })
  .meta({
    id: 'AccountUsage',
    description:
      "An account's use of its rate limits, from the limiter's own counters (exact across instances when they share Redis).",
  });
export type AccountUsage = z.infer<typeof AccountUsage>;
