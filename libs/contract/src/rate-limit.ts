/**
 * Plans, roles and rate limits in the contract: each plan's requests per UTC minute and per day,
 * the windows and the ban, and the limits an enterprise account carries of its own
 * (docs/partners/rate-limits.md).
 */
import { z } from 'zod';
import { expected } from './text.schema.js';

export const Plan = z
  .enum(['free', 'pro', 'business', 'enterprise'], {
    error: expected('one of free, pro, business, enterprise'),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const Role = z
  .enum(['partner', 'staff'], { error: expected('one of partner, staff') })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof Role>;

export interface PlanLimits {
  readonly perMinute: number;
  readonly perDay: number;
}

/** Requests per UTC minute and per UTC day (interface §8). Enterprise accounts carry their own. */
export const PLAN_LIMITS = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1_000, perDay: 100_000 },
  enterprise: null,
} as const satisfies Record<Plan, PlanLimits | null>;

/** Callers without a valid key are counted per client address at these numbers. */
export const ANONYMOUS_LIMITS: PlanLimits = PLAN_LIMITS.free;

export const RATE_WINDOWS = [
  { name: 'minute', seconds: 60 },
  { name: 'day', seconds: 86_400 },
] as const;
export type RateWindowName = (typeof RATE_WINDOWS)[number]['name'];

/** A key that sends more than its per-minute limit while limited is banned for this long. */
export const BAN_SECONDS = 15 * 60;

const count = (value: number) => value.toLocaleString('en-US');

const limit = (max: number, description: string) => {
  const issue = `must be a whole number from 1 to ${count(max)}`;
  return z
    .int({ error: (i) => (i.input === undefined ? 'is required' : issue) })
    .min(1, { error: issue })
    .max(max, { error: issue })
    .meta({ description });
};

/**
 * An enterprise account's own limits. A day below the minute never lets a minute's worth through
 * and is most likely the two swapped: it is refused, on `perDay`.
 */
export const EnterpriseLimits = z
  .strictObject(
    {
      perMinute: limit(10_000_000, 'Requests per UTC minute.'),
      perDay: limit(1_000_000_000, 'Requests per UTC day, at least `perMinute`.'),
      openOrders: limit(
        1_000_000,
        'Open (placed or approved) store orders the account may hold at once. Optional for an enterprise account (1,000 when not sent); in an account, the number its plan or its own agreement gives, and absent for staff, who have no cap.',
      ).optional(),
    },
    {
      error: (i) =>
        i.input === undefined
          ? 'are required for the enterprise plan'
          : 'must be an object with perMinute and perDay',
    },
  )
  .superRefine(
    ({ perMinute, perDay }, ctx) => {
      if (perDay < perMinute)
        ctx.addIssue({
          code: 'custom',
          path: ['perDay'],
          message: `must be at least the per-minute limit (${count(perMinute)})`,
        });
    },
    // Compared only when both are valid: a limit out of range is told on its own.
    { when: ({ issues }) => issues.length === 0 },
  );
