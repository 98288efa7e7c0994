import { z } from 'zod';
import { expected } from './pet.schema.js';
import { EnterpriseLimits, Plan, Role } from './rate-limit.js';

export const AccountName = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' });

export const KeyLabel = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' });

/** An account: enterprise accounts carry their own limits, other plans must not. */
export const NewAccount = z
  .strictObject({
    name: AccountName,
    plan: Plan.default('free'),
    role: Role.default('partner'),
    limits: EnterpriseLimits.optional(),
  })
  .superRefine((account, ctx) => {
    if (account.plan === 'enterprise' && !account.limits) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits'],
        message: 'are required for the enterprise plan',
      });
    }
    if (account.plan !== 'enterprise' && account.limits) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits'],
        message: 'are only for the enterprise plan',
      });
    }
  });
export type NewAccount = z.output<typeof NewAccount>;
export type NewAccountInput = z.input<typeof NewAccount>;
