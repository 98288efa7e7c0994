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

const limit = (max: number) => {
  const issue = `must be a whole number from 1 to ${max.toLocaleString('en-US')}`;
  return z
    .int({ error: (i) => (i.input === undefined ? 'is required' : issue) })
    .min(1, { error: issue })
    .max(max, { error: issue });
};

/** An enterprise account's own limits. */
export const EnterpriseLimits = z.strictObject(
  {
    perMinute: limit(10_000_000),
    perDay: limit(1_000_000_000),
  },
  {
    error: (i) =>
      i.input === undefined ? 'are required' : 'must be an object with perMinute and perDay',
  },
);
