/**
 * Accounts and their API keys in the contract: a new account and its plan, a change of plan, an
 * account as staff see it, keys new, listed and just created (the secret shown once), and an
 * account's usage.
 */
import { z } from 'zod';
import {
  displayText,
  expected,
  OPTIONAL_TEXT_RULE_DESCRIPTION,
  TEXT_RULE_DESCRIPTION,
} from './text.schema.js';
import { ACTIVE_KEYS_MAX } from './limits.js';
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

const planIssue = expected(`one of ${Plan.options.join(', ')}`);

/** The plans whose limits are the plan's, and the one whose limits are the account's own. */
const FixedPlan = Plan.exclude(['enterprise'], { error: planIssue });
const OwnLimitsPlan = z.literal('enterprise', { error: planIssue });

const NoLimits = z
  .never({ error: 'are only for the enterprise plan' })
  .optional()
  .meta({ description: 'Not sent: only enterprise accounts have limits of their own.' });

const OwnLimits = EnterpriseLimits.meta({
  description: 'Requests per UTC minute and per UTC day, agreed with the account.',
});

/**
 * One form of the body per kind of plan, on `plan` (`oneOf` in the document). A plan that fits no
 * form falls back to trying each, so every problem both find (the plan, a bad name) is told at once.
 */
const byPlan = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_union' ? undefined : expected('a JSON object')(issue),
  unionFallback: true,
};

const newAccountOf = <P extends z.ZodType, L extends z.ZodType>(plan: P, limits: L) =>
  z.strictObject(
    { name: AccountName, plan, role: Role.default('partner'), limits },
    { error: expected('a JSON object') },
  );

/**
 * An account to create: enterprise accounts carry their own limits, other plans must not. The forms
 * are not components of their own: `plan` may be left out (`free`), and a discriminator is only for a
 * property every body has (OpenAPI 3.1). The document gives them as `anyOf`: they exclude each other
 * (only the enterprise form takes `limits`, which it requires), but through a property one form
 * may leave out, which linters cannot tell (`oneOf` fails Redocly's recommended-strict); any body
 * matches one form at most, so both say the same.
 */
export const NewAccount = z
  .discriminatedUnion(
    'plan',
    [newAccountOf(FixedPlan.default('free'), NoLimits), newAccountOf(OwnLimitsPlan, OwnLimits)],
    byPlan,
  )
  .meta({
    id: 'NewAccount',
    description:
      'An account to create. Enterprise accounts need `limits`; other plans must not send them.',
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema['anyOf'] = jsonSchema['oneOf'];
      delete jsonSchema['oneOf'];
    },
  });
export type NewAccount = z.output<typeof NewAccount>;
export type NewAccountInput = z.input<typeof NewAccount>;

/** A change to a plan whose limits are the plan's. */
export const FixedPlanChange = z
  .strictObject({ plan: FixedPlan, limits: NoLimits }, { error: expected('a JSON object') })
  .meta({ id: 'FixedPlanChange', description: "A move to a plan with the plan's limits." });

/** A change to enterprise, with the account's own limits. */
export const EnterprisePlanChange = z
  .strictObject({ plan: OwnLimitsPlan, limits: OwnLimits }, { error: expected('a JSON object') })
  .meta({ id: 'EnterprisePlanChange', description: 'A move to enterprise, with its own limits.' });

/** A change of plan (and, for enterprise, of limits), told apart by `plan`. */
export const PlanChange = z
  .discriminatedUnion('plan', [FixedPlanChange, EnterprisePlanChange], byPlan)
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

/**
 * Who made a key (docs/staff/sign-in.md): a person signed in (deactivating them revokes it), another
 * key, or the command-line tool on the server. Keys made before the API recorded this say `cli`.
 */
export const KeyMaker = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('person'),
      personId: positiveId('The person who made the key.'),
      name: z.string().meta({ description: "The person's name." }),
    }),
    z.strictObject({
      type: z.literal('key'),
      keyId: positiveId('The key that made this key.'),
    }),
    z.strictObject({ type: z.literal('cli') }).meta({
      description:
        'The command-line tool on the server, or a key made before the API recorded who made keys.',
    }),
  ])
  .meta({
    id: 'KeyMaker',
    description:
      'Who made the key: a person (deactivating them revokes it), another key, or the command-line tool.',
  });
export type KeyMaker = z.infer<typeof KeyMaker>;

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
    createdBy: KeyMaker,
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

/** What the rate limiter holds for an account now (docs/partners/rate-limits.md). */
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
      .max(ACTIVE_KEYS_MAX)
      .meta({
        description: `The account's live keys, oldest first: at most ${ACTIVE_KEYS_MAX}, the most live keys an account may have, so the list is never paged (revoked keys are not in it; \`GET /admin/accounts/{accountId}/keys\` pages every key). \`bannedUntil\` covers every live key.`,
      }),
  })
  .meta({
    id: 'AccountUsage',
    description:
      "An account's use of its rate limits, from the limiter's own counters (exact across instances when they share Redis).",
  });
export type AccountUsage = z.infer<typeof AccountUsage>;
