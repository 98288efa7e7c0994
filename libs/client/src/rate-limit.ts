/**
 * Reads the rate-limit headers of an answer into its state, and Retry-After into seconds
 * (docs/partners/rate-limits.md).
 */
import { HEADERS } from '@pets/contract';

/** The rate-limit state an answer reported (the window with the fewest requests left). */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** When that window resets, as a Date. */
  reset: Date;
  /** `RateLimit-Policy`, e.g. `"minute";q=60;w=60, "day";q=1000;w=86400`. */
  policy: string | undefined;
}

const integer = (value: string | null): number | undefined =>
  value?.match(/^[0-9]+$/) ? Number(value) : undefined;

export function parseRateLimit(headers: Headers): RateLimitState | undefined {
  const limit = integer(headers.get(HEADERS.rateLimitLimit));
  const remaining = integer(headers.get(HEADERS.rateLimitRemaining));
  const reset = integer(headers.get(HEADERS.rateLimitReset));
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return {
    limit,
    remaining,
    reset: new Date(reset * 1000),
    policy: headers.get(HEADERS.rateLimitPolicy) ?? undefined,
  };
}

/** `Retry-After` in seconds (the API always sends whole seconds; an HTTP date is accepted too). */
export function parseRetryAfter(headers: Headers, now: number): number | undefined {
  const value = headers.get(HEADERS.retryAfter);
  const seconds = integer(value);
  if (seconds !== undefined) return seconds;
  // Absent reads as '', which is no date.
  // Stryker disable next-line StringLiteral: any other text that is no date reads the same as ''
  const date = Date.parse(value ?? '');
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
