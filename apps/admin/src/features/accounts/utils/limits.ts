/**
 * The plan and limit inputs as the API takes them: limits only for the enterprise plan, and which
 * input an issue with them shows on.
 */
import type { Plan } from '@pets/contract';

/** What the plan and limit inputs hold. */
export interface PlanValues {
  /** A plan the app does not know (added since) is held as it is, and refused when sent. */
  plan: Plan | (string & {});
  perMinute: string;
  perDay: string;
  /** Enterprise only, optional: its own number of open orders. */
  openOrders: string;
}

/** Digits become a number, anything else stays as typed, so the schema words the problem. */
const toLimit = (input: string): number | string | undefined => {
  const value = input.trim();
  if (value === '') return undefined;
  return /^[0-9]+$/.test(value) ? Number(value) : input;
};

/** Limits are sent for the enterprise plan only (the API refuses them for the others). */
export const limitsOf = ({ plan, perMinute, perDay, openOrders }: PlanValues) => {
  if (plan !== 'enterprise') return undefined;
  const own = toLimit(openOrders);
  return {
    perMinute: toLimit(perMinute),
    perDay: toLimit(perDay),
    ...(own === undefined ? {} : { openOrders: own }),
  };
};

export const PLAN_FIELDS = [
  'plan',
  'limits.perMinute',
  'limits.perDay',
  'limits.openOrders',
] as const;

/** Where a `details` field of a plan shows: `limits` itself goes on the first limit input. */
export const limitField = (field: string): string =>
  field === 'limits' ? 'limits.perMinute' : field;
