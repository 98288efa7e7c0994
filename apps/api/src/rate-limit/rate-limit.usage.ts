/** An account's usage for staff, read from the rate limiter's counters without counting. */
import { Inject, Injectable } from '@nestjs/common';
import { type AccountUsage, type PlanLimits, RATE_WINDOWS } from '@pets/contract';
import { CLOCK, type Clock } from '../config/clock.js';
import { RATE_LIMIT_STORAGE, type RateLimitStorage } from './rate-limit.storage.js';
import { accountTracker } from './rate-limit.tracker.js';

const LIMIT_OF = { minute: 'perMinute', day: 'perDay' } as const;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The same counters the guard counts in, for the current UTC minute and day
 * (docs/partners/rate-limits.md).
 */
@Injectable()
export class RateLimitUsage {
  constructor(
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async of(
    accountId: number,
    limits: PlanLimits,
    keyIds: readonly number[],
  ): Promise<Omit<AccountUsage, 'keys'>> {
    const now = this.clock.now();
    const windows = RATE_WINDOWS.map(({ name, seconds }) => {
      const length = seconds * 1000;
      const start = now - (now % length);
      return { name, start, end: start + length, limit: limits[LIMIT_OF[name]] };
    });
    const [minute, day] = windows;
    // Stryker disable next-line all: RATE_WINDOWS has a minute and a day; the check is for the type checker.
    if (!minute || !day) throw new Error('RATE_WINDOWS must be a minute and a day');
    const usage = await this.storage.usage({
      tracker: accountTracker(accountId),
      windows,
      refusalsStart: day.start,
      keyIds,
      now,
    });
    const [minuteUsed = 0, dayUsed = 0] = usage.counts;
    return {
      minute: { used: minuteUsed, limit: minute.limit, resetsAt: iso(minute.end) },
      day: { used: dayUsed, limit: day.limit, resetsAt: iso(day.end) },
      refusedToday: usage.refused,
      bannedUntil: usage.banEndsAt === null ? null : iso(usage.banEndsAt),
    };
  }
}
